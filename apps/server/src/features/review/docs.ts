import { z } from 'zod';
import { idParam, reviewMessages } from '@portal/shared';

/** What the review chain's route tables share: their OpenAPI tag, a review's id in the path and its 404. */
export const docs = { tags: ['review'] };
export const idParams = z.object({ id: idParam });
export const reviewMissing = { 404: reviewMessages.reviewNotFound };
