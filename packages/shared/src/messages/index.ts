/**
 * Every Chinese text the spec fixes (§5 validation, §8 errors and successes) and those we chose
 * where it is silent. Server and web import from here so the wording cannot drift between them.
 *
 * One file per area, not one object: a bundler places a whole module in one chunk, so with every
 * text in one file each public page loaded the back office's texts too (about 6 KB of compressed
 * JavaScript, issue 57). A page now loads the areas its code names.
 */
export * from './common.js';
export * from './system.js';
export * from './content.js';
export * from './review.js';
export * from './contributions.js';
export * from './members.js';
export * from './editor-upload.js';
export * from './certificates.js';
export * from './attendance-certificates.js';
export * from './activities.js';
export * from './memorial.js';
export * from './privacy.js';
export * from './rights.js';
export * from './workdays.js';
export * from './two-factor.js';
export * from './statistics.js';
export * from './proofreading.js';
export * from './inspection.js';
export * from './link-check.js';
export * from './availability.js';
