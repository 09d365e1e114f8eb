import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { phpRankApiTest } from './methods/credentialTest';
import { searchProjects, searchReports } from './methods/listSearch';
import { projectProperties } from './resources/project';
import { reportProperties } from './resources/report';
import { RESOURCE } from './shared/constants';

/**
 * The phpRank node: n8n's declarative style. Each operation (resources/<resource>/<operation>.ts)
 * declares its fields and routing and runs through the transport (transport/index.ts); this file
 * only assembles them.
 */

export class PhpRank implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'phpRank',
		name: 'phpRank',
		icon: { light: 'file:phpRank.svg', dark: 'file:phpRank.dark.svg' },
		group: ['transform'],
		// 1.1: Project → Audit Site covers the whole site, stalest pages first (auditSite/auditSite.ts).
		// 1.2: Project → Get Issues outputs the site summary first, Output Site Summary on by default
		// (resources/project/getIssues.ts); everything else as in 1.1.
		// 1.3: Audit Site's Match As, Text by default: Include / Exclude URLs Containing are text, also
		// matched percent-decoded, unless Match As is Regular Expression (auditSite/pageFilter.ts); before
		// 1.3 a field is read by its shape. Everything else as in 1.2.
		version: [1, 1.1, 1.2, 1.3],
		defaultVersion: 1.3,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Create, re-run and read SEO reports of a phpRank site',
		defaults: { name: 'phpRank' },
		usableAsTool: true,
		// n8n's AI workflow builder (n8n 2.x) searches nodes by this text; older n8n ignores it.
		builderHint: {
			searchHint:
				'SEO audit of web pages on a self-hosted phpRank site: create or re-run the report of a page and get its SEO score from 0 to 100, its label (good, decent or bad) and the failed checks (SEO, performance, security, miscellaneous) with a reason each. Also lists and deletes reports and projects (sites). Use Report → Create or Re-Run to keep one up-to-date report per page.',
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The credential's Test runs through the transport (methods/credentialTest.ts). n8n's lint reads
		// this name and testedBy as literals (test/unit/nodeDescription.test.js checks the name).
		credentials: [{ name: 'phpRankApi', required: true, testedBy: 'phpRankApiTest' }],
		// n8n gives a declarative node that has `methods` its routing execute() only when the
		// description has requestDefaults: without it n8n's MCP Server Trigger (which calls execute()
		// itself) gets nothing, and the node's context lacks the Stop button's cancel signal
		// (docs/internals.md, "n8n's contract"). The API root stays the credential's: a baseURL
		// expression here would be evaluated twice per item (bench/findings.md, step 4).
		requestDefaults: {
			headers: { Accept: 'application/json' },
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Project', value: RESOURCE.project },
					{ name: 'Report', value: RESOURCE.report },
				],
				// n8n's lint wants the literal here (the description snapshot test guards it).
				default: 'report',
			},
			...reportProperties,
			...projectProperties,
		],
	};

	methods = { listSearch: { searchProjects, searchReports }, credentialTest: { phpRankApiTest } };
}
