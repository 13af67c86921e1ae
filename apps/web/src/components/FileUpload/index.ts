export { ImageUpload } from './ImageUpload';
