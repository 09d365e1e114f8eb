import { fingerprint } from '../report/pageSet';

/**
 * Runs of Create or Re-Run that overlap in one n8n process (two executions of a workflow, a webhook
 * fired twice, a schedule meeting a manual run) share their work per phpRank account and page: one
 * lookup at a time, and one write (a Create, a re-run) that every overlapping run outputs. Runs of
 * other pages or other accounts share nothing and never wait. docs/usage.md ("Runs that overlap")
 * says what the user sees.
 *
 * What one page of one account has going on is kept only while a run of it is under way (`runs`),
 * so the map holds the pages being worked on, not every page ever seen.
 */

/** What a run does once the page's newest report is known: output a report as it is, or write. */
export type Step<T> = { outcome: T } | { write: () => Promise<T> };

/** How a run waits for another run's work: its own Stop ends the wait (and only its own). */
export type WaitFor = <W>(work: Promise<W>) => Promise<W>;

/**
 * What one page of one account has under way in this process, shared by its overlapping runs:
 * the lookup one of them is making, and the latest write. Kept while a run of the page is.
 */
class PageWork<L, T> {
	/** Runs of the page under way in this process. */
	runs = 0;
	/** The lookup under way, shared by every run that needs one meanwhile. */
	lookup?: Promise<L>;
	/** Writes started so far: a run whose lookup began before one started takes that write's outcome. */
	writes = 0;
	/** The latest write, under way or done. */
	private write?: Promise<T>;
	private writing = false;

	/**
	 * The write a run must join instead of acting itself: one under way, or one that began since the
	 * run's `seen` count of writes (what its lookup found is older than that write).
	 */
	writeToJoin(seen: number): Promise<T> | undefined {
		return this.write && (this.writing || this.writes !== seen) ? this.write : undefined;
	}

	/** Starts a run's write, which the other runs join until it ends. */
	startWrite(step: { write: () => Promise<T> }): Promise<T> {
		this.writes++;
		this.writing = true;
		const write = step.write();
		this.write = write;
		return write;
	}

	/** A write ended: no write is under way, unless a newer one began meanwhile. */
	endWrite(write: Promise<T>): void {
		if (this.write === write) this.writing = false;
	}
}

/**
 * Account → page (stored form) → its work: no key string a page, each page's URL is the one it has.
 * One kind of work per page (Create or Re-Run's lookup and outcome), so the map holds them untyped
 * and `workOf` gives each back with its caller's types.
 */
const accounts = new Map<string, Map<string, PageWork<unknown, unknown>>>();

/**
 * Takeovers one run makes at most (each after another run's lookup or write was stopped): past
 * it, the stop is this run's failure too, so no run can go round for ever.
 */
const MAX_TAKEOVERS = 64;

/**
 * One account: the Base URL and the API key, as a fingerprint (report/pageSet.ts), so that the
 * key itself is no map key. Two credentials with the same key share; one key on two servers not.
 */
export function accountOf(baseUrl: string, apiKey: string): string {
	return String(fingerprint(`${baseUrl.trim()}\n${apiKey}`));
}

/** How many pages have runs under way in this process (for tests of the bound). */
export function pagesUnderWay(): number {
	let count = 0;
	for (const pages of accounts.values()) count += pages.size;
	return count;
}

type Settled<W> = { ok: true; value: W } | { ok: false; error: unknown };

const asValue = <W>(value: W): Settled<W> => ({ ok: true, value });
const asFailure = <W>(error: unknown): Settled<W> => ({ ok: false, error });

/**
 * Another run's work as data, awaited under this run's own Stop: the other run's failure is
 * returned, this run's Stop is thrown.
 */
async function settle<W>(work: Promise<W>, run: { waitFor: WaitFor }): Promise<Settled<W>> {
	return await run.waitFor(work.then(asValue<W>, asFailure<W>));
}

export interface OverlapOptions<L, T> {
	/** The phpRank account (`accountOf`); undefined: the run shares nothing. */
	account: string | Promise<string> | undefined;
	/** The page (stored form). */
	page: string;
	/** Looks the page up (the run's own way: alone, or through its site's listing). */
	lookup(): Promise<L>;
	/** What to do with what the lookup found. */
	plan(found: L): Step<T>;
	/** Waits for another run's work under this run's own Stop. */
	waitFor: WaitFor;
	/**
	 * Whether a failed write of another run is taken over (this run looks up and acts itself):
	 * true for a stopped run's write; otherwise its failure is this run's failure too.
	 */
	takeOver(error: unknown): boolean;
}

/** What the page of an account has under way, kept while a run of it is. */
function workOf<L, T>(account: string, page: string): PageWork<L, T> {
	let pages = accounts.get(account);
	if (!pages) {
		pages = new Map();
		accounts.set(account, pages);
	}
	let work = pages.get(page);
	if (!work) {
		work = new PageWork();
		pages.set(page, work);
	}
	work.runs++;
	return work as PageWork<L, T>;
}

/** A run of the page ended: the page is forgotten unless another run of it is under way. */
function release(account: string, page: string, work: PageWork<unknown, unknown>): void {
	work.runs--;
	const pages = accounts.get(account);
	if (work.runs > 0 || pages?.get(page) !== work) return;
	pages.delete(page);
	if (pages.size === 0) accounts.delete(account);
}

/**
 * Whether a run takes over after another run's work failed: a stopped run's (`takeOver`), within
 * MAX_TAKEOVERS (`takeover`: this run's count, this one included); otherwise the failure is the run's.
 */
function takesOver<L, T>(options: OverlapOptions<L, T>, error: unknown, takeover: number): boolean {
	return options.takeOver(error) && takeover <= MAX_TAKEOVERS;
}

/**
 * Looks the page up and acts, sharing with the overlapping runs of the same account and page,
 * round by round:
 * 1. a write to join (under way, or begun while this run looked up, so that what it found is
 *    older than that write): its outcome is this run's;
 * 2. the lookup: this run's own, or one under way joined;
 * 3. a write begun meanwhile: back to 1;
 * 4. act: an outcome as found, or this run's write, which the others join.
 * When the run that writes or looks up is stopped (`takeOver`), the runs that waited for it go
 * round again and act themselves: one of them writes, the others join it.
 *
 * One async function, with no layer around it: every page of a run waits in here (for its site's
 * listing, say), and each suspended layer or callback more is memory a page. The steps it names
 * (`PageWork`, `takesOver`, `settle`) are synchronous, or awaited here only.
 */
export async function overlapping<L, T>(options: OverlapOptions<L, T>): Promise<T> {
	const account = await options.account;
	if (account === undefined) return await act(options.plan(await options.lookup()));
	const { page } = options;
	const work = workOf<L, T>(account, page);
	// Writes started before this run began made reports its lookup finds.
	let seen = work.writes;
	let takeovers = 0;
	try {
		for (;;) {
			// 1. A write to join.
			const joining = work.writeToJoin(seen);
			if (joining) {
				const joined = await settle(joining, options);
				if (joined.ok) return joined.value;
				if (!takesOver(options, joined.error, ++takeovers)) throw joined.error;
				seen = work.writes;
				continue;
			}
			// 2. The lookup. This run's own ends at its own Stop (its requests carry the run's signal)
			// and its failure is the run's own; another run's is waited for under this run's Stop.
			const othersLookup = work.lookup;
			let looked: Settled<L>;
			if (othersLookup) looked = await settle(othersLookup, options);
			else {
				const lookup = options.lookup();
				work.lookup = lookup;
				try {
					looked = asValue(await lookup);
				} catch (error) {
					looked = asFailure(error);
				}
				// the run that looked up is the first to hear its end: the next run looks up anew
				work.lookup = undefined;
			}
			// 3. A write began meanwhile: what was found is older than it.
			if (work.writes !== seen) continue;
			if (!looked.ok) {
				// Another run's lookup, stopped: this run looks up itself.
				if (othersLookup && takesOver(options, looked.error, ++takeovers)) continue;
				throw looked.error;
			}
			// 4. Act.
			const step = options.plan(looked.value);
			if (!('write' in step)) return step.outcome;
			const write = work.startWrite(step);
			seen = work.writes;
			try {
				return await write;
			} finally {
				work.endWrite(write);
			}
		}
	} finally {
		release(account, page, work);
	}
}

async function act<T>(step: Step<T>): Promise<T> {
	return 'write' in step ? await step.write() : step.outcome;
}
