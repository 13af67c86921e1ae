export * from './messages.js';
export * from './constants.js';
export * from './status.js';
export * from './schemas/common.js';
export * from './time.js';
export * from './schemas/content.js';
export * from './schemas/system.js';
