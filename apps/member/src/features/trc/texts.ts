/** TRC texts of spec 2 §8 that the member pages show. */
export const TRC_TEXTS = {
  pdfPreviewFailed: 'Failed to prepare PDF preview',
  imagePreviewFailed: 'Failed to load image preview',
  videoPreviewFailed: 'Failed to load video preview',
} as const;
