import type { IDataObject, IExecutePaginationFunctions } from 'n8n-workflow';

import { InvalidInput, projectNameFrom, quotedValue } from '../../shared/inputChecks';
import { isRecord } from '../../shared/isRecord';

/**
 * Project → Digest's parameters, read and checked before anything is sent. Combine Sites reads them
 * for every input item on the first item's run: n8n runs a declarative node's routing item by
 * item, and a routed item's context gives its own parameters only, so the others are evaluated
 * here from the node's saved parameters, item by item, as n8n would (`evaluateExpression`).
 */

export const WEEK_PARAMETER = 'week';
export const HISTORY_PARAMETER = 'history';
export const AUDIT_SUMMARY_PARAMETER = 'auditSummary';

/** A saved parameter's value for item `index`: each expression in it evaluated for that item. */
function resolvedFor(context: IExecutePaginationFunctions, raw: unknown, index: number): unknown {
	if (typeof raw === 'string')
		return raw.startsWith('=') ? context.evaluateExpression(raw.slice(1), index) : raw;
	if (Array.isArray(raw)) return raw.map((entry) => resolvedFor(context, entry, index));
	if (isRecord(raw)) {
		const resolved: IDataObject = {};
		for (const [key, value] of Object.entries(raw))
			resolved[key] = resolvedFor(context, value, index) as IDataObject[string];
		return resolved;
	}
	return raw;
}

/** The parameter `name` of input item `index` (the run's own item: n8n's own reading). */
export function parameterOfItem(
	context: IExecutePaginationFunctions,
	name: string,
	index: number,
	fallback: unknown,
): unknown {
	if (index === context.getItemIndex()) return context.getNodeParameter(name, fallback);
	const raw = context.getNode().parameters[name];
	return raw === undefined ? fallback : resolvedFor(context, raw, index);
}

/** The Project of input item `index`, checked (a resource locator's value). */
export function projectOfItem(context: IExecutePaginationFunctions, index: number): string {
	const value =
		index === context.getItemIndex()
			? context.getNodeParameter('project', undefined, { extractValue: true })
			: parameterOfItem(context, 'project', index, undefined);
	return projectNameFrom(isRecord(value) ? value.value : value);
}

/** How many items the node was given (the first item's run of Combine Sites reads them all). */
export function inputItemCount(context: IExecutePaginationFunctions): number {
	return context.getWorkflowDataProxy(context.getItemIndex()).$input.all().length;
}

/**
 * The Audit Summary: this run's Audit Site items (its summary, its failed pages), as one item's
 * JSON, or all of them (an array, or an object holding one, as Aggregate gives them); empty: none.
 */
export function auditItemsFrom(value: unknown): IDataObject[] {
	let items: unknown = value;
	if (typeof items === 'string') {
		if (items.trim() === '') return [];
		try {
			items = JSON.parse(items);
		} catch {
			items = value;
		}
	}
	if (items === undefined || items === null) return [];
	if (isRecord(items)) {
		if (Object.keys(items).length === 0) return [];
		if (typeof items.action === 'string') return [items];
		const arrays = Object.values(items).filter((entry) => Array.isArray(entry));
		if (arrays.length === 1) items = arrays[0];
	}
	if (Array.isArray(items) && items.every((item) => isRecord(item))) return items as IDataObject[];
	throw new InvalidInput(
		'Audit Summary',
		`Audit Summary must be Audit Site's summary item of this run, or its items (an array), got ${quotedValue(value)}`,
	);
}
