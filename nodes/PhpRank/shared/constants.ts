/** phpRank's `privacy` values (docs/phprank-api.md, Answers). */
export const PRIVACY = { public: 0, private: 1, password: 2 } as const;

/** Update's Privacy option "Keep Current": no privacy is sent. */
export const KEEP_PRIVACY = 'keep';

/** The only `per_page` values phpRank accepts; any other silently becomes the site default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Create's validation limits on phpRank (docs/phprank-api.md, Errors). */
export const MAX_URL_LENGTH = 2048;
export const MAX_PASSWORD_LENGTH = 128;

export const CREDENTIAL_NAME = 'phpRankApi';

/** The node's resources: the values of its Resource parameter (a public contract: never renamed). */
export const RESOURCE = { project: 'project', report: 'report' } as const;

/** The node's operations: the values of its Operation parameters (a public contract: never renamed). */
export const OPERATION = {
	create: 'create',
	createOrRerun: 'createOrRerun',
	delete: 'delete',
	get: 'get',
	getAll: 'getAll',
	getIssues: 'getIssues',
	update: 'update',
	validateFix: 'validateFix',
	auditSite: 'auditSite',
	digest: 'digest',
} as const;

export type Resource = (typeof RESOURCE)[keyof typeof RESOURCE];
export type Operation = (typeof OPERATION)[keyof typeof OPERATION];

/** phpRank's importance of a check, most important first (its own words; Get Issues' Importance values). */
export const IMPORTANCES = ['high', 'medium', 'low'] as const;
export type Importance = (typeof IMPORTANCES)[number];

/**
 * Validate Fix without Check All Pages: this many pages in a row that phpRank could not re-check end
 * the validation: the next ones would most likely fail alike (the site down, or behind a firewall
 * phpRank cannot pass), each a re-run, and with a server error each 1 + Retries requests
 * (report/fixValidation.ts).
 */
export const NOT_CHECKED_IN_A_ROW = 3;

/**
 * Audit Site's Match As (version 1.3 on): how Include and Exclude URLs Containing are read, as
 * comma-separated text or as one regular expression (auditSite/pageFilter.ts). A public contract:
 * never renamed.
 */
export const MATCH_AS = { text: 'text', regex: 'regex' } as const;
export type MatchAs = (typeof MATCH_AS)[keyof typeof MATCH_AS];
