import '@trustcircle/service-kit/tracing';
import { runMain } from '@trustcircle/service-kit';
import { communitiesService } from './service';

runMain(communitiesService);
