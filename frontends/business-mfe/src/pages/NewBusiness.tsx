import type { BusinessDetail } from '@trustcircle/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { BusinessCreateSchema, CATEGORIES } from '@trustcircle/contracts/catalog';
import { api, errorText, useToast, useNavigate } from '@trustcircle/ui';
import { invalidateAfterWrite } from '../data';

const FIELDS = [
  { name: 'name', label: 'Business name', required: true },
  { name: 'category', label: 'Category', required: true },
  { name: 'description', label: 'Description' },
  { name: 'address', label: 'Address' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'website', label: 'Website', type: 'url', placeholder: 'https://' },
  { name: 'openingHours', label: 'Opening hours', placeholder: 'Mon–Fri 9:00–18:00' },
  { name: 'image', label: 'Image address', type: 'url', placeholder: 'https://' },
] as const;

/** `/business/new`: the target of "Add New Business"; `POST /api/businesses`, then its page. */
export function NewBusinessPage() {
  const ids = useId();
  const navigate = useNavigate();
  const notify = useToast();
  const client = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<BusinessDetail>('/api/businesses', body),
    onSuccess: (business) => {
      notify({
        title: 'Business added',
        description: `${business.name} is now on TrustCircle.`,
        variant: 'success',
      });
      void invalidateAfterWrite(client);
      navigate(`/business/${business.id}`);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = BusinessCreateSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  return (
    <div className="container-xl py-4">
      <div className="tc-wizard mx-auto">
        <h1 className="h3">Add a business</h1>
        <p className="text-body-secondary">
          Can&apos;t find a place? Add it so you and your communities can review it.
        </p>
        <form
          className="card border-0 shadow-sm"
          onSubmit={submit}
          noValidate
          onChange={(event) => {
            const { name } = event.target as unknown as { name?: string };
            if (name && errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
          }}
        >
          <div className="card-body p-3 p-md-4 row g-3">
            {create.isError && (
              <div className="col-12">
                <div className="alert alert-danger mb-0" role="alert">
                  {errorText(create.error)}
                </div>
              </div>
            )}
            {FIELDS.map((field) => {
              const id = `${ids}-${field.name}`;
              const error = errors[field.name];
              const common = {
                id,
                name: field.name,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? `${id}-error` : undefined,
                required: 'required' in field ? field.required : undefined,
              };
              const wide =
                field.name === 'description' || field.name === 'image' || field.name === 'address';
              return (
                <div key={field.name} className={wide ? 'col-12' : 'col-md-6'}>
                  <label htmlFor={id} className="form-label">
                    {field.label}
                    {'required' in field && field.required ? (
                      ''
                    ) : (
                      <span className="text-body-secondary"> (optional)</span>
                    )}
                  </label>
                  {field.name === 'category' ? (
                    <select
                      {...common}
                      className={`form-select ${error ? 'is-invalid' : ''}`}
                      defaultValue=""
                    >
                      <option value="" disabled>
                        Choose a category
                      </option>
                      {CATEGORIES.map((category) => (
                        <option key={category} value={category}>
                          {category}
                        </option>
                      ))}
                    </select>
                  ) : field.name === 'description' ? (
                    <textarea
                      {...common}
                      rows={3}
                      className={`form-control ${error ? 'is-invalid' : ''}`}
                    />
                  ) : (
                    <input
                      {...common}
                      type={'type' in field ? field.type : 'text'}
                      placeholder={'placeholder' in field ? field.placeholder : undefined}
                      className={`form-control ${error ? 'is-invalid' : ''}`}
                    />
                  )}
                  {error && (
                    <div id={`${id}-error`} className="invalid-feedback d-block">
                      {error}
                    </div>
                  )}
                </div>
              );
            })}
          </div>
          <div className="card-footer bg-white d-flex justify-content-end gap-2 p-3">
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => navigate(-1)}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {create.isPending ? 'Adding…' : 'Add Business'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
