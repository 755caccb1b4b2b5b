import '@trustcircle/service-kit/tracing';
import { runMain } from '@trustcircle/service-kit';
import { socialService } from './service';

runMain(socialService);
