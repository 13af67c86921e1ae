export { fileColumns, formatSize } from './fileColumns';
