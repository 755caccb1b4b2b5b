import {
  CONFIRM_LINK_HOURS,
  EMAIL_CHANGE_LINK_HOURS,
  RESET_LINK_HOURS,
} from '@trustcircle/contracts';
import {
  publicLink,
  renderMail,
  type MailTemplate,
  type OutgoingMail,
} from '@trustcircle/service-kit';

const mail = (to: string, template: MailTemplate): OutgoingMail => ({
  to,
  ...renderMail(template),
});

/** The mails identity sends; every link is absolute, from PUBLIC_URL. */
export function accountMails(publicUrl: string) {
  const hi = (name: string) => `Hi ${name},`;
  return {
    passwordReset(to: string, name: string, token: string): OutgoingMail {
      return mail(to, {
        subject: 'Reset your TrustCircle password',
        greeting: hi(name),
        intro: [
          'Someone (we hope you) asked to reset the password of your TrustCircle account.',
          `The link below works once, for ${RESET_LINK_HOURS} hour. Using it signs you out everywhere.`,
        ],
        action: {
          label: 'Choose a new password',
          url: publicLink(publicUrl, '/auth/reset', { token }),
        },
        outro: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
      });
    },

    confirmEmail(to: string, name: string, token: string): OutgoingMail {
      return mail(to, {
        subject: 'Confirm your email address for TrustCircle',
        greeting: hi(name),
        intro: [
          'Please confirm that this address is yours. A confirmed address counts towards your standing on TrustCircle.',
          `The link works once, for ${CONFIRM_LINK_HOURS} hours.`,
        ],
        action: {
          label: 'Confirm my email address',
          url: publicLink(publicUrl, '/auth/confirm-email', { token }),
        },
        outro: ['If you did not sign up for TrustCircle, ignore this mail.'],
      });
    },

    /** To the owner of an address someone else typed at sign-up. */
    alreadyRegistered(to: string, name: string): OutgoingMail {
      return mail(to, {
        subject: 'Someone tried to sign up with your email address',
        greeting: hi(name),
        intro: [
          'Someone just tried to create a new TrustCircle account with this address. It already belongs to your account, so it was not added to the new one.',
          'If it was you, sign in instead; if you forgot your password, you can choose a new one.',
        ],
        action: { label: 'Reset my password', url: publicLink(publicUrl, '/auth/forgot') },
        outro: ['If it was not you, you do not need to do anything.'],
      });
    },

    passwordChanged(to: string, name: string): OutgoingMail {
      return mail(to, {
        subject: 'Your TrustCircle password was changed',
        greeting: hi(name),
        intro: [
          'The password of your TrustCircle account was just changed, and your other sessions were signed out.',
          'If you did not do this, reset your password now.',
        ],
        action: { label: 'Reset my password', url: publicLink(publicUrl, '/auth/forgot') },
      });
    },

    /** To the new address of an e-mail change: the one link that makes it the account's. */
    confirmEmailChange(to: string, name: string, token: string): OutgoingMail {
      return mail(to, {
        subject: 'Confirm your new email address for TrustCircle',
        greeting: hi(name),
        intro: [
          'You asked to use this address for your TrustCircle account. It replaces your current address once you confirm it.',
          `The link works once, for ${EMAIL_CHANGE_LINK_HOURS} hours.`,
        ],
        action: {
          label: 'Use this email address',
          url: publicLink(publicUrl, '/auth/confirm-email-change', { token }),
        },
        outro: ['If you did not ask for this, ignore this mail: nothing changes.'],
      });
    },

    /** To the owner of an address another account asked to change to. */
    emailChangeToTaken(to: string, name: string): OutgoingMail {
      return mail(to, {
        subject: 'Someone tried to move their account to your email address',
        greeting: hi(name),
        intro: [
          'Another TrustCircle account just asked to use this address. It belongs to your account, so nothing changed.',
          'If you cannot sign in any more, you can choose a new password.',
        ],
        action: { label: 'Reset my password', url: publicLink(publicUrl, '/auth/forgot') },
        outro: ['If all is well, you do not need to do anything.'],
      });
    },

    /** To the old address once the change has taken effect. */
    emailChanged(to: string, name: string, newAddress: string): OutgoingMail {
      return mail(to, {
        subject: 'Your TrustCircle email address was changed',
        greeting: hi(name),
        intro: [
          `The email address of your TrustCircle account is now ${maskAddress(newAddress)}. Mail about your account no longer comes to this address.`,
          'If you did not do this, reset your password now and contact us.',
        ],
        action: { label: 'Reset my password', url: publicLink(publicUrl, '/auth/forgot') },
      });
    },

    /** The last mail to a member who left. */
    accountDeleted(to: string, name: string): OutgoingMail {
      return mail(to, {
        subject: 'Your TrustCircle account was deleted',
        greeting: hi(name),
        intro: [
          'Your TrustCircle account and what it held were deleted just now, as you asked. This is the last mail we send to this address.',
          'If you did not do this, someone knew your password: you can sign up again at any time.',
        ],
        action: { label: 'Visit TrustCircle', url: publicLink(publicUrl, '/') },
      });
    },
  };
}

/** Enough of the new address for its owner to recognise it, not enough to hand it out. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 1))}${address.slice(at)}`;
}
export type AccountMails = ReturnType<typeof accountMails>;
