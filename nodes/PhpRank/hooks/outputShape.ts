import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * What the node outputs for the records an operation produced. The request executor calls this
 * last, for every operation; it is the one place where output options (such as a simplified
 * view) apply.
 *
 * `previous` is the record as it was before an Update, when `needsPreviousState` asked for it.
 */
export function finishOutput(
	_context: IExecuteSingleFunctions,
	_operation: string,
	records: IDataObject[],
	_previous?: IDataObject,
): IDataObject[] {
	return records;
}

/** Whether the executor must read the record before the operation changes it (Update's diff). */
export function needsPreviousState(_context: IExecuteSingleFunctions, _operation: string): boolean {
	return false;
}
