import type { IDataObject } from 'n8n-workflow';

import { checkInfo } from './checkCatalogue';
import { checkReason } from './checkReasons';
import { PageSet } from './pageSet';
import { reportId, shownReportId } from './reportId';
import { asObject, isPassed, reportedImportance } from './score';
import { NOT_CHECKED_IN_A_ROW } from '../shared/constants';

/**
 * Validate Fix (Project → Validate Fix), as data: which pages of a project fail a check (each page
 * by its newest report, the first of it met in a listing read newest first, as siteHealth.ts
 * counts them), and what their re-runs showed. No requests here: the operation
 * (resources/project/validateFix.ts) reads the listing and sends the re-runs.
 */

/** A page whose newest report fails the check: that report's ID and the page's stored URL. */
export interface FailingPage {
	id: number;
	url: string;
}

/** What one page's re-run showed. `reason`: why it still fails, or why it could not be checked. */
export type RecheckOutcome =
	| { kind: 'fixed' }
	| { kind: 'stillFailing'; reason: string }
	| { kind: 'notChecked'; reason: string };

export type ValidationWord = 'passed' | 'failed' | 'nothing to validate';

// Defined with the node's constants: Validate Fix's descriptions state it at n8n's start, when this
// module is not loaded yet (reportModules.ts).
export { NOT_CHECKED_IN_A_ROW };

/** A re-checked page in the output: `fixed` null when it could not be checked. */
export interface ValidatedPage extends IDataObject {
	id: number;
	url: string;
	fixed: boolean | null;
	reason: string | null;
}

export interface FixValidationResult extends IDataObject {
	project: string;
	check: string;
	name: string;
	importance: string | null;
	validation: ValidationWord;
	/** Why the validation is `failed`, in one line; null when it passed or there was nothing to validate. */
	reason: string | null;
	pages_failing_before: number;
	pages_rechecked: number;
	pages_fixed: number;
	pages_still_failing: number;
	pages_not_checked: number;
	pages: ValidatedPage[];
}

/** The listing folded into the pages that fail the check, in the listing's order (newest first). */
export class FailingPages {
	readonly pages: FailingPage[] = [];
	private readonly met = new PageSet();
	/** What the newest report failing the check says of its importance; before one: the newest grading it. */
	private said: string | null = null;
	private saidByFailing = false;

	constructor(readonly check: string) {}

	/** One report, read newest first: a page's first report met is its newest, older ones are skipped. */
	add(report: IDataObject): void {
		const url = typeof report.url === 'string' ? report.url : String(report.url ?? '');
		if (!this.met.add(url)) return;
		const result = asObject(asObject(report.results)?.[this.check]);
		if (result === undefined) return;
		const fails = isPassed(result) === false;
		if (fails && !this.saidByFailing) {
			this.said = reportedImportance(this.check, result);
			this.saidByFailing = true;
		} else if (!this.saidByFailing && this.said === null) {
			this.said = reportedImportance(this.check, result);
		}
		if (fails) this.pages.push({ id: reportId(report), url });
	}

	/** The check's importance as the newest report failing it says (the catalogue's where none does). */
	get importance(): string | null {
		return this.said ?? checkInfo(this.check)?.importance ?? null;
	}
}

/** What a re-run's report says of the check: passed, still failing (with Simplify's reason), or not graded. */
export function recheckOutcome(check: string, report: IDataObject): RecheckOutcome {
	const result = asObject(asObject(report.results)?.[check]);
	const passed = result === undefined ? null : isPassed(result);
	if (passed === true) return { kind: 'fixed' };
	if (passed === false && result !== undefined)
		return { kind: 'stillFailing', reason: checkReason(check, result) };
	return {
		kind: 'notChecked',
		reason: `The re-run of report ${shownReportId(report) ?? ''} does not grade ${check}: phpRank may still be analysing it`,
	};
}

/** A page re-checked, with why it still fails or could not be checked. */
interface PageWhy {
	url: string;
	reason: string;
}

/** Pages in a row that could not be re-checked: the first of them, and how many. */
interface NotCheckedRun {
	first: PageWhy;
	length: number;
}

/**
 * The re-runs' tally and the output item. The output lists at most `pagesListed` pages: those still
 * failing first, then those not checked, then the fixed ones, each in the order re-checked.
 */
export class FixValidation {
	private fixed = 0;
	private stillFailing = 0;
	private notChecked = 0;
	private readonly listed: Record<RecheckOutcome['kind'], ValidatedPage[]> = {
		stillFailing: [],
		notChecked: [],
		fixed: [],
	};
	/** The first page still failing, and the first not checked: the reason names them. */
	private readonly first: { stillFailing?: PageWhy; notChecked?: PageWhy } = {};
	/** The pages not checked since the last page that was: the first of them, and how many. */
	private notCheckedRun: NotCheckedRun | undefined;
	/** The first run of NOT_CHECKED_IN_A_ROW pages not checked: it settles the validation. */
	private settlingRun: NotCheckedRun | undefined;

	constructor(
		private readonly failing: FailingPages,
		private readonly pagesListed: number,
	) {}

	record(page: FailingPage, outcome: RecheckOutcome): void {
		if (outcome.kind === 'fixed') this.fixed++;
		else if (outcome.kind === 'stillFailing') this.stillFailing++;
		else this.notChecked++;
		if (outcome.kind !== 'fixed')
			this.first[outcome.kind] ??= { url: page.url, reason: outcome.reason };
		if (outcome.kind !== 'notChecked') this.notCheckedRun = undefined;
		else if (this.notCheckedRun) this.notCheckedRun.length++;
		else this.notCheckedRun = { first: { url: page.url, reason: outcome.reason }, length: 1 };
		if ((this.notCheckedRun?.length ?? 0) >= NOT_CHECKED_IN_A_ROW)
			this.settlingRun ??= this.notCheckedRun;
		const list = this.listed[outcome.kind];
		if (list.length >= this.pagesListed) return;
		list.push({
			id: page.id,
			url: page.url,
			fixed: outcome.kind === 'notChecked' ? null : outcome.kind === 'fixed',
			reason: outcome.kind === 'fixed' ? null : outcome.reason,
		});
	}

	/**
	 * Whether the validation is settled without Check All Pages: a page still fails (the fix did not
	 * work), or NOT_CHECKED_IN_A_ROW pages in a row could not be re-checked.
	 */
	get settled(): boolean {
		return this.stillFailing > 0 || this.settlingRun !== undefined;
	}

	result(project: string): FixValidationResult {
		const { check } = this.failing;
		const before = this.failing.pages.length;
		const { stillFailing, notChecked, fixed } = this.listed;
		const validation = this.word();
		return {
			project,
			check,
			name: checkNameOf(check),
			importance: this.failing.importance,
			validation,
			reason: validation === 'failed' ? this.reason() : null,
			pages_failing_before: before,
			pages_rechecked: this.fixed + this.stillFailing,
			pages_fixed: this.fixed,
			pages_still_failing: this.stillFailing,
			pages_not_checked: this.notChecked,
			pages: [...stillFailing, ...notChecked, ...fixed].slice(0, this.pagesListed),
		};
	}

	/** Passed only when every page that failed was re-checked and passes now. */
	private word(): ValidationWord {
		const before = this.failing.pages.length;
		if (before === 0) return 'nothing to validate';
		return this.fixed === before ? 'passed' : 'failed';
	}

	/**
	 * Why it failed: the pages still failing, else those phpRank could not re-check (when they ended
	 * the validation, the run of them that did), and whether it stopped before the last page; then
	 * the first such page and its reason (the check's, or the error's in the node's words).
	 */
	private reason(): string {
		const notRerun = this.failing.pages.length - this.fixed - this.stillFailing - this.notChecked;
		const stopped =
			notRerun > 0 ? `, so the validation stopped (${pages(notRerun)} not re-run)` : '';
		const { stillFailing, notChecked } = this.first;
		if (stillFailing !== undefined) {
			const fail = this.stillFailing === 1 ? 'still fails' : 'still fail';
			const name = checkNameOf(this.failing.check);
			return `${pages(this.stillFailing)} ${fail} ${name} when re-run${stopped}. ${firstOf(this.stillFailing, stillFailing)}`;
		}
		const run = this.settlingRun;
		if (notRerun > 0 && run !== undefined)
			return `phpRank could not re-check ${run.length} pages in a row${stopped}. ${firstOf(run.length, run.first)}`;
		if (notChecked !== undefined)
			return `phpRank could not re-check ${pages(this.notChecked)}${stopped}. ${firstOf(this.notChecked, notChecked)}`;
		// Only when a caller records fewer pages than failed without a reason to stop.
		return `${pages(notRerun)} not re-run`;
	}
}

/** The check's readable name (its key for a check the catalogue does not know). */
function checkNameOf(check: string): string {
	return checkInfo(check)?.name ?? check;
}

/** "1 page", "12 pages". */
function pages(count: number): string {
	return `${count} ${count === 1 ? 'page' : 'pages'}`;
}

/** The first of `count` pages and its reason: "The first, a.test/p: …", or "a.test/p: …" when alone. */
function firstOf(count: number, page: PageWhy): string {
	return `${count === 1 ? '' : 'The first, '}${page.url}: ${page.reason}`;
}
