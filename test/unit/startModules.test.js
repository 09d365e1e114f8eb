// What n8n loads of the package at its start (docs/internals.md, "What n8n loads at its start"):
// the description, not what only a run needs (bench section 4 times it; here it is listed).
const { startModules } = require('../helpers/start-modules');
const { nodeSources } = require('../helpers/node-sources');

/** What a run loads at its first use, each through one deferred load (the comment says which). */
const RUN_ONLY = [
	// report/reportModules.ts (the core's)
	'nodes/PhpRank/report/reportView.js',
	'nodes/PhpRank/report/simplify.js',
	'nodes/PhpRank/report/score.js',
	'nodes/PhpRank/report/checkReasons.js',
	'nodes/PhpRank/report/reportChanges.js',
	'nodes/PhpRank/report/siteHealth.js',
	'nodes/PhpRank/report/fixValidation.js',
	'nodes/PhpRank/report/pageSet.js',
	'nodes/PhpRank/report/storedUrl.js',
	// createOrRerun/createOrRerunOperation.ts createOrRerunRules
	'nodes/PhpRank/createOrRerun/index.js',
	// auditSite/auditSite.ts auditSiteRun (the run, the reading of the sitemaps and the filters)
	'nodes/PhpRank/auditSite/auditSiteRun.js',
	'nodes/PhpRank/auditSite/auditSettings.js',
	'nodes/PhpRank/auditSite/auditRun.js',
	// transport/index.ts pipelineModule
	'nodes/PhpRank/transport/pipeline.js',
	'nodes/PhpRank/transport/failureWording.js',
	// PhpRankTrigger.node.ts pollModule
	'nodes/PhpRank/trigger/poll.js',
	'nodes/PhpRank/auditSite/readSite.js',
	'nodes/PhpRank/auditSite/pageFilter.js',
	'nodes/PhpRank/auditSite/urlPattern.js',
	'nodes/PhpRank/auditSite/urlPatternSyntax.js',
	// digest/digestOperation.ts digestRun (Project → Digest's week, History, model and channels)
	'nodes/PhpRank/digest/digestRun.js',
	'nodes/PhpRank/digest/digestWeek.js',
	'nodes/PhpRank/digest/digestHistory.js',
	'nodes/PhpRank/digest/digest.js',
	'nodes/PhpRank/digest/digestOutput.js',
	'nodes/PhpRank/digest/digestHtml.js',
	'nodes/PhpRank/digest/digestLines.js',
	'nodes/PhpRank/digest/digestWording.js',
	// digest/digestOperation.ts TRANSLATIONS (each language's words, when a digest first speaks it)
	'nodes/PhpRank/digest/digestWordsDe.js',
	'nodes/PhpRank/digest/digestWordsFr.js',
	'nodes/PhpRank/digest/digestWordsEs.js',
	'nodes/PhpRank/digest/digestWordsNl.js',
];

/**
 * The most modules n8n's start may read (41, 110.9 kB, when it was set; 2635475 read 43; 43, 125.9 kB
 * since Digest's operation file and its parameters, digest/digestOperation.ts and digest/digestParameters.ts, joined the description).
 */
const MAX_START_MODULES = 43;

describe("what n8n loads at its start (package.json's n8n block, each class constructed)", () => {
	let loaded;
	beforeAll(async () => {
		loaded = await startModules();
	}, 30_000);

	test('the node, the trigger and the credential are loaded, with their description', () => {
		expect(loaded.modules).toEqual(
			expect.arrayContaining([
				'nodes/PhpRank/PhpRank.node.js',
				'nodes/PhpRank/PhpRankTrigger.node.js',
				'credentials/PhpRankApi.credentials.js',
				'nodes/PhpRank/report/checkCatalogue.js',
			]),
		);
	});

	test('nothing that only a run needs', () => {
		expect(loaded.modules.filter((file) => RUN_ONLY.includes(file))).toEqual([]);
	});

	test(`at most ${MAX_START_MODULES} modules`, () => {
		expect(loaded.modules.length).toBeLessThanOrEqual(MAX_START_MODULES);
	});
});

/**
 * One way to load at first use (shared/loadedOnce.ts), declared by the file that needs it: a
 * capability's entry its run, once; Digest's run the language a digest speaks; the core its own (the
 * transport its pipeline, report/ what a report means). A deferred import() anywhere else, or a
 * second one in an entry, fails here.
 */
const DECLARED_LOADS = {
	'PhpRank/PhpRankTrigger.node.ts': 1,
	'PhpRank/auditSite/auditSite.ts': 1,
	'PhpRank/createOrRerun/createOrRerunOperation.ts': 1,
	'PhpRank/digest/digestOperation.ts': 1,
	// the words of a language, each when a digest first speaks it (English built in)
	'PhpRank/digest/digestRun.ts': 4,
	'PhpRank/report/reportModules.ts': 5,
	'PhpRank/transport/index.ts': 1,
};

test('each deferred import() is a loadedOnce, in the files that declare loads, one per capability', () => {
	const declared = {};
	for (const [file, source] of Object.entries(nodeSources())) {
		const code = source.replace(/\/\*[\s\S]*?\*\//g, '');
		const imports = code.match(/\bimport\(/g)?.length ?? 0;
		const loads = code.match(/\bloadedOnce\(async \(\) => \(?await import\(/g)?.length ?? 0;
		expect([file, loads]).toEqual([file, imports]);
		if (imports > 0) declared[file] = imports;
	}
	expect(declared).toEqual(DECLARED_LOADS);
});
