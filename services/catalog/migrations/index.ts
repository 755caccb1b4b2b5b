import { eventMigrations, type Migration } from '@trustcircle/service-kit';
import { createCatalog } from './001_catalog';
import { createSearchWords } from './002_search_words';
import { createModerationProjections } from './003_moderation';
import { foldAccents } from './004_search_accents';
import { searchPrefixes } from './005_search_prefix';
import { createOwners } from './006_owners';
import { orderGroupScores } from './007_group_scores_order';
import { storeScoreSums } from './008_score_sums';
import { announceBusinessChanges, BUSINESS_DETAIL_TABLES } from './009_scoped_change_notices';
import { referenceGroupSums } from './010_group_sums_reference';
import { businessWordsOfChangedText } from './011_business_words_of_changed_text';

/** Catalog publishes (outbox) and consumes (inbox) events. */
export const migrations: Migration[] = [
  createCatalog,
  ...eventMigrations,
  createSearchWords,
  createModerationProjections,
  foldAccents,
  searchPrefixes,
  createOwners,
  orderGroupScores,
  storeScoreSums,
  announceBusinessChanges,
  referenceGroupSums,
  businessWordsOfChangedText,
];

/** The tables announced by business (009): the service's start keeps them so. */
export const scopedTables = BUSINESS_DETAIL_TABLES;
