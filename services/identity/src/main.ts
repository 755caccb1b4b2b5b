import '@trustcircle/service-kit/tracing';
import { runMain } from '@trustcircle/service-kit';
import { identityService } from './service';

runMain(identityService);
