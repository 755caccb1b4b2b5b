import { useState } from 'react';
import type { BusinessOwnership, Claim } from '@trustcircle/contracts';
import {
  apiMessage,
  TextareaField,
  useSessionUser,
  useToast,
  Link,
  useLocation,
} from '@trustcircle/ui';
import { OwnerBadge } from '@trustcircle/ui/reviews';
import { useClaim } from '../../owners-data';

/** The most a claim's message may say (the API's limit). */
const CLAIM_MAX_LENGTH = 1000;

function ClaimForm({ businessId, onDone }: { businessId: number; onDone(): void }) {
  const [message, setMessage] = useState('');
  const claim = useClaim(businessId);
  const toast = useToast();
  const error = claim.isError ? apiMessage(claim.error) : null;
  return (
    <form
      className="w-100 mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        claim.mutate(message, {
          onSuccess: () => {
            toast({
              title: 'Claim sent',
              description: 'A moderator will look at it soon.',
              variant: 'success',
            });
            onDone();
          },
        });
      }}
    >
      <TextareaField
        label="How are you connected to this business?"
        value={message}
        onChange={setMessage}
        maxLength={CLAIM_MAX_LENGTH}
        error={error}
        hint="For example your role and how we can confirm it. Only moderators read this."
      />
      <div className="d-flex gap-2 mt-2">
        <button
          type="submit"
          className="btn btn-sm btn-primary"
          disabled={claim.isPending || !message.trim()}
        >
          {claim.isPending ? 'Sending…' : 'Send claim'}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** What the reader can do about owning this business, given their latest claim. */
function ClaimState({ businessId, claim }: { businessId: number; claim: Claim | null }) {
  const [open, setOpen] = useState(false);
  if (claim?.status === 'pending') {
    return (
      <span className="text-body-secondary ms-md-auto" role="status">
        Your claim is waiting for a moderator.
      </span>
    );
  }
  return (
    <>
      {claim?.status === 'rejected' && (
        <span className="text-body-secondary">
          Your last claim was not approved{claim.reason ? `: ${claim.reason}` : '.'}
        </span>
      )}
      {!open && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary ms-md-auto"
          onClick={() => setOpen(true)}
        >
          Claim this business
        </button>
      )}
      {open && <ClaimForm businessId={businessId} onDone={() => setOpen(false)} />}
    </>
  );
}

/**
 * Who owns the business ("Owner" badges) and, for the reader, "Claim this business" with its
 * pending state; visitors are asked to sign in first.
 */
export function Ownership({
  businessId,
  ownership,
}: {
  businessId: number;
  ownership: BusinessOwnership | undefined;
}) {
  const { user } = useSessionUser();
  const location = useLocation();
  if (!ownership) return null;
  const { owners, isOwner, claim } = ownership;
  return (
    <div className="card border-0 shadow-sm mb-3" aria-label="Business owners">
      <div className="card-body py-2 d-flex flex-wrap align-items-center gap-2 small">
        {owners.length > 0 ? (
          <span className="d-inline-flex flex-wrap align-items-center gap-1">
            Managed by
            {owners.map((owner) => (
              <span key={owner.id} className="d-inline-flex align-items-center gap-1">
                <span className="fw-semibold">{owner.name || owner.username}</span>
                <OwnerBadge />
              </span>
            ))}
          </span>
        ) : (
          <span className="text-body-secondary">Is this your business?</span>
        )}
        {isOwner ? (
          <span className="text-body-secondary ms-md-auto">
            You own this business: you can reply to its reviews.
          </span>
        ) : user ? (
          <ClaimState businessId={businessId} claim={claim} />
        ) : (
          <Link
            to="/auth"
            state={{ from: `${location.pathname}${location.search}` }}
            className="btn btn-sm btn-outline-primary ms-md-auto"
          >
            Sign in to claim it
          </Link>
        )}
      </div>
    </div>
  );
}
