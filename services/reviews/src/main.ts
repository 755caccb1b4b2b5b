import '@trustcircle/service-kit/tracing';
import { runMain } from '@trustcircle/service-kit';
import { reviewsService } from './service';

runMain(reviewsService);
