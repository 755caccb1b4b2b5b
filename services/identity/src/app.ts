import {
  createServiceApp,
  createMailRelay,
  createOutboxRelay,
  smtpMailer,
  type ServiceContext,
  type ServiceParts,
} from '@trustcircle/service-kit';
import type { IdentityConfig } from './config';
import { createAccountDeletion } from './domain/account-deletion';
import { accountMails } from './domain/account-mail';
import { createAccounts } from './domain/accounts';
import { createEmailChange } from './domain/email-change';
import { createEmailConfirmation } from './domain/email-confirmation';
import { createPasswordFlows } from './domain/password-flows';
import { sandboxVerificationProvider, type VerificationProvider } from './domain/verification';
import { httpVerificationProvider } from './domain/verification-http';
import { createPeople } from './domain/people';
import { internalRoutes } from './routes/internal';
import { peopleRoutes, profileRoutes } from './routes/people';
import { userRoutes } from './routes/user';
import { knexTokensStore } from './store/tokens-store';
import { knexUsersStore } from './store/users-store';

function verificationProvider({
  config,
  logger,
}: ServiceContext<IdentityConfig>): VerificationProvider {
  // config.ts has already checked that http comes with a URL and a secret.
  return config.VERIFICATION_PROVIDER === 'http'
    ? httpVerificationProvider({
        url: config.VERIFICATION_URL!,
        secret: config.VERIFICATION_SECRET!,
        timeoutMs: config.VERIFICATION_TIMEOUT_MS,
        logger,
      })
    : sandboxVerificationProvider;
}

export function createIdentityApp(ctx: ServiceContext<IdentityConfig>): ServiceParts {
  const mails = accountMails(ctx.config.PUBLIC_URL);
  const stores = { db: ctx.db, users: knexUsersStore, tokens: knexTokensStore, mails };
  const confirmation = createEmailConfirmation(stores);
  const passwords = createPasswordFlows(stores);
  const emailChange = createEmailChange(stores);
  const deletion = createAccountDeletion(stores);
  const accounts = createAccounts({
    ...stores,
    verification: verificationProvider(ctx),
    confirmation,
  });
  const mailRelay = createMailRelay({
    db: ctx.db,
    schema: ctx.name,
    mailer: smtpMailer({ url: ctx.config.SMTP_URL, from: ctx.config.MAIL_FROM }),
    logger: ctx.logger,
    registry: ctx.registry,
  });
  const app = createServiceApp(ctx, (app) => {
    app.use(
      '/internal',
      internalRoutes({ accounts, passwords, confirmation, emailChange, deletion }),
    );
    app.use('/api/user', userRoutes({ accounts, confirmation }));
    const people = createPeople({ db: ctx.db });
    app.use('/api/people', peopleRoutes(people));
    app.use('/api/users', profileRoutes(people));
  });
  return { app, workers: [createOutboxRelay(ctx), mailRelay] };
}
