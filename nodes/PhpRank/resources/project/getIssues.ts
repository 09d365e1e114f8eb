import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../../shared/constants';
import { pagesPerIssueField, projectLocator, showFor } from '../../shared/fields';
import { importancesFrom } from '../../shared/inputChecks';
import { operationRouting } from '../../transport';
import { runModules } from '../../runModules';
import { pagesPerIssueOf, projectOf, readProjectReports } from './projectReports';

/**
 * Project → Get Issues: every report of the project, newest first, 100 a request, folded page by
 * page into one item per failing check (report/siteHealth.ts): how many pages fail it, which, why,
 * and how to fix it. A page counts once, by its newest report.
 */
export const getIssuesOption: INodePropertyOptions = {
	name: 'Get Issues',
	value: OPERATION.getIssues,
	action: 'Get the issues of a site',
	description:
		"What is wrong across a project (a site): one item per check that fails on at least one page, with how many pages fail it, which, why, and how to fix it. Each page counts once, by its newest report. Use it for questions like 'what is wrong with example.com?'.",
	routing: operationRouting(async (context, requests) => {
		// Every parameter read and checked before anything is sent.
		const project = projectOf(context);
		const importances = importancesFrom(
			context.getNodeParameter('importance', ['high', 'medium', 'low']),
		);
		const pagesPerIssue = pagesPerIssueOf(context);
		const { SiteHealth } = await runModules.siteHealth();
		const health = new SiteHealth(pagesPerIssue);
		// Each page's new reports are counted as they arrive, and nothing of them is kept.
		await readProjectReports(requests, project, (report) => health.add(report));
		return health.issues(project, importances);
	}),
};

export const getIssuesFields: INodeProperties[] = [
	projectLocator({
		required: true,
		description: 'The project (site) to check',
		displayOptions: showFor(RESOURCE.project, [OPERATION.getIssues]),
	}),
	{
		displayName: 'Importance',
		name: 'importance',
		type: 'multiOptions',
		default: ['high', 'medium', 'low'],
		description: "Only issues of checks of this importance (phpRank's own grading)",
		options: [
			{ name: 'High', value: 'high' },
			{ name: 'Medium', value: 'medium' },
			{ name: 'Low', value: 'low' },
		],
		displayOptions: showFor(RESOURCE.project, [OPERATION.getIssues]),
	},
	pagesPerIssueField(
		OPERATION.getIssues,
		"How many failing pages each issue lists (its newest report's ID, URL and reason), newest first. 0 lists none, only the counts.",
	),
];
