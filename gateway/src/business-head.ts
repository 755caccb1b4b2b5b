import { withTimeout } from '@trustcircle/http-server';
import { BusinessDetailSchema, countLabel } from '@trustcircle/contracts';
import { escapeHtml } from '@trustcircle/service-kit';
import type { Request } from 'express';
import { businessAsVisitor, type BusinessDetailDeps } from './compose/business-detail';
import { inMain } from './page-heads';

const HeadFieldsSchema = BusinessDetailSchema.pick({
  id: true,
  name: true,
  category: true,
  description: true,
  image: true,
  communityCount: true,
});
type HeadFields = ReturnType<typeof HeadFieldsSchema.parse>;

/**
 * The top of the business page's header as business-mfe pages/business-detail/Header.tsx draws
 * it: image (or initial), category and communities, name, description, and the buttons' column
 * (kept invisible: the page's own, which work, replace them). The same boxes, so the name and the
 * description (the page's largest text on a phone) sit where React puts them (e2e/business.test.ts
 * compares them). The category icon's place is kept by an empty box of its size.
 */
export function businessHeadHtml(business: HeadFields): string {
  const name = escapeHtml(business.name);
  const picture = business.image
    ? `<img src="${escapeHtml(business.image)}" alt="" class="tc-business-image">`
    : `<div class="tc-business-image tc-business-letter" aria-hidden="true">${escapeHtml(
        Array.from(business.name)[0]?.toUpperCase() ?? '',
      )}</div>`;
  const description = business.description
    ? `<p class="text-body-secondary mb-2">${escapeHtml(business.description)}</p>`
    : '';
  return inMain(
    '<section class="bg-white border-bottom">' +
      '<div class="container-xl py-4"><div class="d-flex flex-column flex-md-row gap-4">' +
      picture +
      '<div class="flex-grow-1 min-w-0">' +
      '<div class="d-flex flex-wrap align-items-center gap-2 mb-1 small">' +
      '<span class="badge tc-badge-group d-inline-flex align-items-center gap-1">' +
      `<svg width="12" height="12" aria-hidden="true"></svg> ${escapeHtml(business.category)}</span>` +
      `<span class="text-body-secondary">${countLabel(business.communityCount, 'community', 'communities')}</span></div>` +
      `<h1 class="h2 mb-1">${name}</h1>${description}</div>` +
      '<div class="d-flex flex-md-column gap-2 align-items-start invisible" aria-hidden="true">' +
      '<span class="btn btn-primary d-inline-flex align-items-center gap-2 text-nowrap">' +
      '<svg width="16" height="16"></svg> Write a Review</span>' +
      '<span class="btn btn-outline-secondary text-nowrap">Share</span></div>' +
      '</div></div></section>',
  );
}

/**
 * The business page's head for `id`, from catalog's answer as a visitor (kept by the kept
 * answers, the same copy the page's read then takes), or undefined when it is not found, not
 * quick (`waitMs`), or anything is off: the page then paints as before, from its own read.
 */
export async function businessHeadFor(
  deps: Pick<BusinessDetailDeps, 'upstreams' | 'catalogUrl' | 'logger' | 'kept'>,
  id: string,
  req: Request,
  waitMs: number,
): Promise<string | undefined> {
  try {
    const answer = await withTimeout(businessAsVisitor(deps, id, req), waitMs, 'catalog slow');
    if (answer?.status !== 200) return undefined;
    const parsed = HeadFieldsSchema.safeParse(JSON.parse(answer.body.toString('utf8')));
    return parsed.success ? businessHeadHtml(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}
