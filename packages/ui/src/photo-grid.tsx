import { useEffect, useId, useRef, useState } from 'react';
import { CloseIcon } from '@trustcircle/ui';

export function PhotoGrid({ photos, subject }: { photos: string[]; subject: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open !== null && !dialog.open) dialog.showModal?.();
    if (open === null && dialog.open) dialog.close();
  }, [open]);

  const alt = (index: number) =>
    `Photo ${index + 1} of ${photos.length} of the review of ${subject}`;
  const step = (delta: number) =>
    setOpen((current) =>
      current === null ? current : (current + delta + photos.length) % photos.length,
    );

  return (
    <>
      <div className="tc-photo-grid mb-2">
        {photos.map((src, index) => (
          <button
            key={index}
            type="button"
            className="tc-photo-thumb"
            aria-label={`Open photo ${index + 1} of ${photos.length} larger`}
            onClick={() => setOpen(index)}
          >
            <img src={src} alt={alt(index)} loading="lazy" />
          </button>
        ))}
      </div>
      <dialog
        ref={dialogRef}
        className="tc-lightbox"
        aria-labelledby={titleId}
        onClose={() => setOpen(null)}
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1);
          if (event.key === 'ArrowLeft') step(-1);
        }}
      >
        {open !== null && (
          <figure className="m-0">
            <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
              <figcaption id={titleId} className="small text-white">
                {alt(open)}
              </figcaption>
              <button
                type="button"
                className="btn btn-sm btn-light tc-icon-btn"
                aria-label="Close photo"
                onClick={() => setOpen(null)}
              >
                <CloseIcon size={18} />
              </button>
            </div>
            <img src={photos[open]} alt={alt(open)} className="tc-lightbox-img" />
            {photos.length > 1 && (
              <div className="d-flex justify-content-center gap-2 mt-2">
                <button type="button" className="btn btn-sm btn-light" onClick={() => step(-1)}>
                  Previous
                </button>
                <button type="button" className="btn btn-sm btn-light" onClick={() => step(1)}>
                  Next
                </button>
              </div>
            )}
          </figure>
        )}
      </dialog>
    </>
  );
}
