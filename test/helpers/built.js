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
	upsert: 'nodes/PhpRank/createOrRerun/index',
	siteListing: 'nodes/PhpRank/createOrRerun/siteListing',
	overlappingRuns: 'nodes/PhpRank/createOrRerun/overlappingRuns',
	update: 'nodes/PhpRank/resources/report/update',
	reportById: 'nodes/PhpRank/resources/report/reportById',
	auditSite: 'nodes/PhpRank/auditSite/auditSite',
	auditFields: 'nodes/PhpRank/auditSite/auditFields',
	pagesNotListed: 'nodes/PhpRank/auditSite/pagesNotListed',
	pageAnswer: 'nodes/PhpRank/auditSite/pageAnswer',
	score: 'nodes/PhpRank/report/score',
	reportId: 'nodes/PhpRank/report/reportId',
	checkReasons: 'nodes/PhpRank/report/checkReasons',
	checkCatalogue: 'nodes/PhpRank/report/checkCatalogue',
	siteHealth: 'nodes/PhpRank/report/siteHealth',
	siteSummary: 'nodes/PhpRank/report/siteSummary',
	digest: 'nodes/PhpRank/digest/digest',
	digestOutput: 'nodes/PhpRank/digest/digestOutput',
	digestHistory: 'nodes/PhpRank/digest/digestHistory',
	digestWeek: 'nodes/PhpRank/digest/digestWeek',
	digestWording: 'nodes/PhpRank/digest/digestWording',
	digestLinks: 'nodes/PhpRank/digest/digestLinks',
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
	siteFetch: 'nodes/PhpRank/auditSite/siteFetch',
	robotsTxt: 'nodes/PhpRank/auditSite/robotsTxt',
	sitemapXml: 'nodes/PhpRank/auditSite/sitemapXml',
	fileText: 'nodes/PhpRank/auditSite/fileText',
	pageFilter: 'nodes/PhpRank/auditSite/pageFilter',
	textFilter: 'nodes/PhpRank/auditSite/textFilter',
	modifiedSince: 'nodes/PhpRank/auditSite/modifiedSince',
	urlPattern: 'nodes/PhpRank/auditSite/urlPattern',
	urlPatternSyntax: 'nodes/PhpRank/auditSite/urlPatternSyntax',
	sitePages: 'nodes/PhpRank/auditSite/sitePages',
	readSite: 'nodes/PhpRank/auditSite/readSite',
};

const built = {};
for (const [name, modulePath] of Object.entries(MODULE_PATHS)) {
	Object.defineProperty(built, name, {
		enumerable: true,
		get: () => require(path.join(DIST, modulePath)),
	});
}

module.exports = built;
