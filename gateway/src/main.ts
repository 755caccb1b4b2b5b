import '@trustcircle/service-kit/tracing';
import { runMain } from '@trustcircle/service-kit';
import { gatewayService } from './service';

runMain(gatewayService);
