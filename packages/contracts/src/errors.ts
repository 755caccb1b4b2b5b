import { z } from 'zod';

/** The one error body every TrustCircle API answers with (design §5). */
export const ErrorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>;

export const ErrorBodySchema = z.object({
  message: z.string(),
  issues: z.array(ErrorIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Turns zod issues into the API's `issues` list: dotted paths, messages verbatim. */
export function toErrorIssues(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
