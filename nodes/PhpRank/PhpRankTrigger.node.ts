import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { phpRankApiTest } from './methods/credentialTest';
import { searchProjects } from './methods/listSearch';
import { triggerFields } from './trigger/triggerFields';
import { loadedOnce } from './shared/loadedOnce';

/** A poll's parts, loaded at the first poll: showing the node needs none of them. */
const pollModule = loadedOnce(async () => await import('./trigger/poll'));

export class PhpRankTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'phpRank Trigger',
		name: 'phpRankTrigger',
		icon: { light: 'file:phpRank.svg', dark: 'file:phpRank.dark.svg' },
		group: ['trigger'],
		// Version 2: with a Project, Reports to Watch 0 (every report of the project) by default.
		// Version 3: Group Events, one item per check (or project) by default (trigger/alertGroups.ts).
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle:
			'={{ {"newReport": "New Report", "scoreChanged": "Score Changed", "scoreBelow": "Score Below Threshold", "checkFailed": "Check Failed", "checkFixed": "Check Fixed"}[$parameter["event"]] }}',
		description:
			'Starts the workflow when phpRank has a new report, a report score changes, or a chosen check fails or is fixed',
		defaults: { name: 'phpRank Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// The credential's Test runs through the transport (methods/credentialTest.ts). n8n's lint reads
		// this name and testedBy as literals (test/unit/nodeDescription.test.js checks the name).
		credentials: [{ name: 'phpRankApi', required: true, testedBy: 'phpRankApiTest' }],
		properties: [...triggerFields],
	};

	methods = { listSearch: { searchProjects }, credentialTest: { phpRankApiTest } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const { pollOnce } = await pollModule();
		return await pollOnce(this);
	}
}
