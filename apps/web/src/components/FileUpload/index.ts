export { ImageUpload } from './ImageUpload';
export { useCheckedUpload, type FileRule } from './useCheckedUpload';
