import { defineModule } from '../../platform/module.js';
import { commonRoutes } from './common.routes.js';

/** Health, configuration flags for the web app, region. */
export const commonModule = defineModule({ name: 'common', routes: commonRoutes });
