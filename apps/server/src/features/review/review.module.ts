import { defineModule } from '../../platform/module.js';
import { createReviewRepository } from './review.repository.js';
import { reviewRoutes } from './review.routes.js';
import { createReviewService, type ReviewService } from './review.service.js';

declare module '../../platform/services.js' {
  interface Services {
    review: ReviewService;
  }
}

/** Reviews of members by the people they shared a project with, with up to 3 images (issue 16). */
export const reviewModule = defineModule({
  name: 'review',
  services: ({ ctx, services: { authz, file } }) => ({
    review: createReviewService(ctx, createReviewRepository(ctx.database.db), authz, file),
  }),
  routes: reviewRoutes,
});
