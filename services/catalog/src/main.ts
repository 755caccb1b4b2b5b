import '@trustcircle/service-kit/tracing';
import { runMain } from '@trustcircle/service-kit';
import { catalogService } from './service';

runMain(catalogService);
