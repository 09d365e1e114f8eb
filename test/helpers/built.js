// The built modules the tests load, by name: moving a source file changes one line here.
// Each module is required on first use, so a suite loads only what it names.
const path = require('node:path');

const DIST = path.join(__dirname, '..', '..', 'dist');

/** Name → path under dist/, without the extension. */
const MODULE_PATHS = {
	node: 'nodes/PhpRank/PhpRank.node',
	trigger: 'nodes/PhpRank/PhpRankTrigger.node',
	credential: 'credentials/PhpRankApi.credentials',
	watch: 'nodes/PhpRank/trigger/watch',
	checkFailures: 'nodes/PhpRank/trigger/checkFailures',
	checkFixes: 'nodes/PhpRank/trigger/checkFixes',
	checkEvents: 'nodes/PhpRank/trigger/checkEvents',
	rollingWatch: 'nodes/PhpRank/trigger/rollingWatch',
	alertText: 'nodes/PhpRank/trigger/alertText',
	alertGroups: 'nodes/PhpRank/trigger/alertGroups',
	confirmAfter: 'nodes/PhpRank/trigger/confirmAfter',
	readReports: 'nodes/PhpRank/trigger/readReports',
	triggerFields: 'nodes/PhpRank/trigger/triggerFields',
	abort: 'nodes/PhpRank/transport/abort',
	listSearch: 'nodes/PhpRank/methods/listSearch',
	inputChecks: 'nodes/PhpRank/shared/inputChecks',
	webAddress: 'nodes/PhpRank/shared/webAddress',
	reportView: 'nodes/PhpRank/report/reportView',
	upsert: 'nodes/PhpRank/upsert/index',
	siteListing: 'nodes/PhpRank/upsert/siteListing',
	overlappingRuns: 'nodes/PhpRank/upsert/overlappingRuns',
	update: 'nodes/PhpRank/resources/report/update',
	reportById: 'nodes/PhpRank/resources/report/reportById',
	auditSite: 'nodes/PhpRank/resources/project/auditSite',
	pagesNotListed: 'nodes/PhpRank/resources/project/pagesNotListed',
	pageAnswer: 'nodes/PhpRank/resources/project/pageAnswer',
	score: 'nodes/PhpRank/report/score',
	reportId: 'nodes/PhpRank/report/reportId',
	checkReasons: 'nodes/PhpRank/report/checkReasons',
	checkCatalogue: 'nodes/PhpRank/report/checkCatalogue',
	siteHealth: 'nodes/PhpRank/report/siteHealth',
	siteSummary: 'nodes/PhpRank/report/siteSummary',
	digest: 'nodes/PhpRank/report/digest',
	digestOutput: 'nodes/PhpRank/report/digestOutput',
	digestHistory: 'nodes/PhpRank/report/digestHistory',
	digestWeek: 'nodes/PhpRank/report/digestWeek',
	digestWording: 'nodes/PhpRank/report/digestWording',
	digestLinks: 'nodes/PhpRank/report/digestLinks',
	fixValidation: 'nodes/PhpRank/report/fixValidation',
	pageSet: 'nodes/PhpRank/report/pageSet',
	reportChanges: 'nodes/PhpRank/report/reportChanges',
	simplify: 'nodes/PhpRank/report/simplify',
	storedUrl: 'nodes/PhpRank/report/storedUrl',
	maxAge: 'nodes/PhpRank/report/maxAge',
	apiBaseUrl: 'nodes/PhpRank/shared/apiBaseUrl',
	constants: 'nodes/PhpRank/shared/constants',
	fields: 'nodes/PhpRank/shared/fields',
	accountGate: 'nodes/PhpRank/transport/accountGate',
	response: 'nodes/PhpRank/transport/response',
	responseBody: 'nodes/PhpRank/transport/responseBody',
	failure: 'nodes/PhpRank/transport/failure',
	failureWording: 'nodes/PhpRank/transport/failureWording',
	redaction: 'nodes/PhpRank/transport/redaction',
	paging: 'nodes/PhpRank/transport/paging',
	pipeline: 'nodes/PhpRank/transport/pipeline',
	transport: 'nodes/PhpRank/transport/index',
	siteFetch: 'nodes/PhpRank/transport/siteFetch',
	robotsTxt: 'nodes/PhpRank/sitemap/robotsTxt',
	sitemapXml: 'nodes/PhpRank/sitemap/sitemapXml',
	fileText: 'nodes/PhpRank/sitemap/fileText',
	pageFilter: 'nodes/PhpRank/sitemap/pageFilter',
	textFilter: 'nodes/PhpRank/sitemap/textFilter',
	modifiedSince: 'nodes/PhpRank/sitemap/modifiedSince',
	urlPattern: 'nodes/PhpRank/sitemap/urlPattern',
	urlPatternSyntax: 'nodes/PhpRank/sitemap/urlPatternSyntax',
	sitePages: 'nodes/PhpRank/sitemap/sitePages',
	readSite: 'nodes/PhpRank/sitemap/readSite',
};

const built = {};
for (const [name, modulePath] of Object.entries(MODULE_PATHS)) {
	Object.defineProperty(built, name, {
		enumerable: true,
		get: () => require(path.join(DIST, modulePath)),
	});
}

module.exports = built;
