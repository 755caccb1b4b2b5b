import type { Group } from '@trustcircle/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  DEFAULT_GROUP_COLOR,
  DEFAULT_GROUP_ICON,
  GroupCreateSchema,
} from '@trustcircle/contracts/communities';
import { CloseIcon, trapTab, useFailureToast, useToast } from '@trustcircle/ui';
import { useCreateGroup } from './data';
import { ButtonSpinner, GroupTile } from './components';
import { COLOUR_CHOICES } from './logic';

type Field = 'name' | 'description' | 'color';

/**
 * Create Group (spec §2, §5, §8): name and description checked with the contract's zod schema
 * (its messages verbatim), icon `users` and colour #009688 by default, a colour choice.
 */
export function CreateGroupDialog({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(group: Group): void;
}) {
  const titleId = useId();
  const nameId = useId();
  const descriptionId = useId();
  const toast = useToast();
  const failed = useFailureToast();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [color, setColor] = useState(DEFAULT_GROUP_COLOR);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const dialogRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    nameRef.current?.focus();
    document.body.classList.add('modal-open');
    return () => {
      document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = GroupCreateSchema.safeParse({
      name,
      description,
      icon: DEFAULT_GROUP_ICON,
      color,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        found[key] ??= issue.message;
      }
      setErrors(found);
      (found.name ? nameRef.current : document.getElementById(descriptionId))?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (group) => {
        toast({ title: 'Group created successfully', variant: 'success' });
        onCreated(group);
      },
      onError: failed('Failed to create group'),
    });
  };

  /** Escape closes; Tab stays inside the dialog. */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !create.isPending) {
      event.stopPropagation();
      onClose();
      return;
    }
    trapTab(
      event,
      dialogRef.current,
      'button:not([disabled]), input:not([disabled]), textarea:not([disabled])',
    );
  };

  return (
    <div
      className="modal d-block tc-groups-modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      ref={dialogRef}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !create.isPending) onClose();
      }}
    >
      <div className="modal-dialog modal-dialog-centered modal-dialog-scrollable">
        <form className="modal-content bg-white border-0 shadow" onSubmit={submit} noValidate>
          <div className="modal-header">
            <h2 className="modal-title h5" id={titleId}>
              Create a new group
            </h2>
            <button
              type="button"
              className="btn btn-sm btn-link text-body-secondary tc-icon-btn ms-auto"
              aria-label="Close"
              onClick={onClose}
              disabled={create.isPending}
            >
              <CloseIcon size={18} />
            </button>
          </div>
          <div className="modal-body">
            <p className="text-body-secondary small">
              Bring people together around a shared interest. You&apos;ll be its first member.
            </p>
            <div className="mb-3">
              <label htmlFor={nameId} className="form-label">
                Group name
              </label>
              <input
                id={nameId}
                ref={nameRef}
                className={`form-control ${errors.name ? 'is-invalid' : ''}`}
                value={name}
                maxLength={60}
                placeholder="e.g. Weekend Hikers"
                aria-invalid={Boolean(errors.name)}
                aria-describedby={errors.name ? `${nameId}-error` : undefined}
                onChange={(event) => setName(event.target.value)}
              />
              {errors.name && (
                <div id={`${nameId}-error`} className="invalid-feedback">
                  {errors.name}
                </div>
              )}
            </div>
            <div className="mb-3">
              <label htmlFor={descriptionId} className="form-label">
                Description
              </label>
              <textarea
                id={descriptionId}
                className={`form-control ${errors.description ? 'is-invalid' : ''}`}
                rows={3}
                value={description}
                maxLength={500}
                placeholder="What is this group about?"
                aria-invalid={Boolean(errors.description)}
                aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
                onChange={(event) => setDescription(event.target.value)}
              />
              {errors.description && (
                <div id={`${descriptionId}-error`} className="invalid-feedback">
                  {errors.description}
                </div>
              )}
            </div>
            <fieldset>
              <legend className="form-label fs-6 mb-2">Colour</legend>
              <div className="d-flex flex-wrap align-items-center gap-2">
                {COLOUR_CHOICES.map((choice) => (
                  <label
                    key={choice.value}
                    className={`tc-groups-swatch ${color === choice.value ? 'is-selected' : ''}`}
                    style={{ background: choice.value }}
                    title={choice.name}
                  >
                    <input
                      type="radio"
                      name="group-colour"
                      className="visually-hidden"
                      value={choice.value}
                      checked={color === choice.value}
                      onChange={() => setColor(choice.value)}
                    />
                    <span className="visually-hidden">{choice.name}</span>
                  </label>
                ))}
                <span className="ms-2 d-inline-flex align-items-center gap-2 small text-body-secondary">
                  <GroupTile group={{ color }} size={32} /> Preview
                </span>
              </div>
              {errors.color && <div className="text-danger small mt-1">{errors.color}</div>}
            </fieldset>
          </div>
          <div className="modal-footer">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={onClose}
              disabled={create.isPending}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {create.isPending && <ButtonSpinner />}
              Create Group
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
