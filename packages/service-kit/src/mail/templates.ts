/** The brand colour of the web app (packages/ui), so a mail looks like it comes from us. */
export const BRAND_COLOUR = '#009688';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailTemplate {
  subject: string;
  /** Greeting line, e.g. "Hi Sarah,". */
  greeting: string;
  /** Paragraphs before the button. */
  intro: string[];
  /** The one thing to do: a button in HTML, the bare URL in the text part. */
  action?: { label: string; url: string };
  /** Paragraphs after the button (why you got this, what to do if it was not you). */
  outro?: string[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Names and addresses come from users: never markup in a mail. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;

/**
 * One layout for every mail: plain text (read by many clients and filters first) and a simple
 * inline-styled HTML part with a single button. Links are absolute URLs built from PUBLIC_URL.
 */
export function renderMail(template: MailTemplate): MailContent {
  const { action, outro = [] } = template;
  const text = [
    template.greeting,
    '',
    ...template.intro.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...outro.flatMap((p) => [p, '']),
    '— TrustCircle',
  ].join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${BRAND_COLOUR};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(template.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f6;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="background:${BRAND_COLOUR};color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:20px;font-weight:700">TrustCircle</div>
<div style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
${paragraph(template.greeting)}
${template.intro.map(paragraph).join('\n')}
${button}
${outro.map(paragraph).join('\n')}
</div></div></body></html>`;
  return { subject: template.subject, text, html };
}
