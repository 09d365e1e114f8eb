import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { OPERATION, RESOURCE } from '../../shared/constants';
import {
	beforeVersion,
	fromVersion,
	pagesPerIssueField,
	projectLocator,
	showFor,
} from '../../shared/fields';
import { importancesFrom } from '../../shared/inputChecks';
import { operationRouting } from '../../transport';
import { reportModules } from '../../report/reportModules';
import { pagesPerIssueOf, projectOf, readProjectReports } from '../../transport/projectReports';

const SITE_SUMMARY_PARAMETER = 'siteSummary';

const SITE_SUMMARY_DESCRIPTION =
	'Whether the first item sums up the whole site, flat, ready to be a row of a table: pages, health (the share of pages failing no check of high importance), average score, pages good, decent and bad, issues by importance, and the newest and oldest report. It describes the whole site whatever Importance and Pages per Issue say; the issue items follow unchanged.';

/**
 * Project → Get Issues: every report of the project, newest first, 100 a request, folded page by
 * page into one item per failing check (report/siteHealth.ts): how many pages fail it, which, why,
 * and how to fix it. A page counts once, by its newest report. With Output Site Summary (on by
 * default from version 1.2) the first item sums up the whole site (report/siteSummary.ts), folded
 * in the same read: no request more, nothing of the reports kept.
 */
export const getIssuesOption: INodePropertyOptions = {
	name: 'Get Issues',
	value: OPERATION.getIssues,
	action: 'Get the issues of a site',
	description:
		"What is wrong across a project (a site): one item per check that fails on at least one page, with how many pages fail it, which, why, and how to fix it. Each page counts once, by its newest report. With Output Site Summary, the first item sums up the whole site (its health, average score and freshness). Use it for questions like 'what is wrong with example.com?'.",
	routing: operationRouting(async (context, requests) => {
		// Every parameter read and checked before anything is sent.
		const project = projectOf(context);
		const importances = importancesFrom(
			context.getNodeParameter('importance', ['high', 'medium', 'low']),
		);
		const pagesPerIssue = pagesPerIssueOf(context);
		const withSummary = context.getNodeParameter(SITE_SUMMARY_PARAMETER, false) === true;
		const { SiteHealth, SiteFigures } = await reportModules.siteHealth();
		const figures = withSummary ? new SiteFigures() : undefined;
		const health = new SiteHealth(pagesPerIssue, figures);
		const checkedAt = new Date().toISOString();
		// Each page's new reports are counted as they arrive, and nothing of them is kept. A project
		// without reports has a summary to give (pages 0), and is refused without one.
		await readProjectReports(requests, project, (report) => health.add(report), withSummary);
		const issues = health.issues(project, importances);
		if (!figures) return issues;
		return [figures.summary(project, checkedAt, health.issuesByImportance()), ...issues];
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
	// Output Site Summary: one field a version, the same name (n8n's lint wants each default a
	// literal). Off before 1.2: a saved workflow keeps its output, and can turn it on without
	// replacing its node. On from 1.2.
	{
		displayName: 'Output Site Summary',
		name: SITE_SUMMARY_PARAMETER,
		type: 'boolean',
		default: false,
		description: SITE_SUMMARY_DESCRIPTION,
		displayOptions: showFor(RESOURCE.project, [OPERATION.getIssues], beforeVersion(1.2)),
	},
	{
		displayName: 'Output Site Summary',
		name: SITE_SUMMARY_PARAMETER,
		type: 'boolean',
		default: true,
		description: SITE_SUMMARY_DESCRIPTION,
		displayOptions: showFor(RESOURCE.project, [OPERATION.getIssues], fromVersion(1.2)),
	},
];
