// The pages' addresses are declared with the pages, in @portal/shared (pages.ts); web-app.ts
// reads the directory's from here.
export { DIRECTORY_PATH } from '@portal/shared';
