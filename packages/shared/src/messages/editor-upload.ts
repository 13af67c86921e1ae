/** The rich-text editor's image upload failures (spec §8), worded as TinyMCE's own. */
export const editorUploadMessages = {
  httpError: (status: number) => `HTTP Error: ${status}`,
  invalidJson: 'Invalid JSON',
  transport: 'Image upload failed due to a XHR Transport error',
  urlMissing: 'Upload url missing from the settings',
} as const;
