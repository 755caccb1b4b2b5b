import type { ChangeEvent } from 'react';
import { CloseIcon, useToast } from '@trustcircle/ui';
import { ACCEPT_ATTRIBUTE, filterPhotos, previewOf } from '../../photos';

export interface Photo {
  file: File;
  preview: string;
}

/**
 * Optional photos (spec §5): invalid files are dropped; none left → the "Invalid files" toast.
 * When editing, the review's photos (`kept`, already uploaded) come first and can be removed.
 */
export function PhotoPicker({
  id,
  photos,
  onChange,
  kept = [],
  onKeptChange,
}: {
  id: string;
  photos: Photo[];
  onChange(update: (current: Photo[]) => Photo[]): void;
  kept?: string[];
  onKeptChange?(urls: string[]): void;
}) {
  const notify = useToast();
  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    const valid = await filterPhotos(chosen);
    if (valid.length === 0) {
      notify({
        title: 'Invalid files',
        description: 'Please select images under 5MB in JPG, PNG, or WebP format.',
        variant: 'destructive',
      });
      return;
    }
    const added = await Promise.all(
      valid.map(async (file) => ({ file, preview: await previewOf(file) })),
    );
    onChange((current) => [...current, ...added]);
  };

  return (
    <div className="mt-4">
      <label htmlFor={id} className="form-label">
        Photos (optional)
      </label>
      <input
        id={id}
        type="file"
        className="form-control"
        accept={ACCEPT_ATTRIBUTE}
        multiple
        onChange={onFiles}
        aria-describedby={`${id}-hint`}
      />
      <div id={`${id}-hint`} className="form-text">
        JPG, PNG or WebP, up to 5 MB each.
      </div>
      {kept.length + photos.length > 0 && (
        <ul className="tc-photo-grid list-unstyled mt-2 mb-0" aria-label="Chosen photos">
          {kept.map((url, index) => (
            <li key={url} className="position-relative">
              <img src={url} alt={`Photo ${index + 1} of your review`} />
              <button
                type="button"
                className="btn btn-sm btn-light position-absolute top-0 end-0 m-1 tc-icon-btn"
                aria-label={`Remove photo ${index + 1} of your review`}
                onClick={() => onKeptChange?.(kept.filter((other) => other !== url))}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
          {photos.map((photo, index) => (
            <li key={`${photo.file.name}-${index}`} className="position-relative">
              <img src={photo.preview} alt={`Chosen photo ${index + 1}: ${photo.file.name}`} />
              <button
                type="button"
                className="btn btn-sm btn-light position-absolute top-0 end-0 m-1 tc-icon-btn"
                aria-label={`Remove ${photo.file.name}`}
                onClick={() => onChange((current) => current.filter((_, i) => i !== index))}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
