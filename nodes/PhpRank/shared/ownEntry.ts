/**
 * A table's entry for a key that comes from the server (a check's name, an error key, an
 * importance): only the table's own keys count, so `constructor`, `toString` or `__proto__` find
 * nothing instead of what every plain object inherits. (`Object.hasOwn` is missing on the oldest
 * Node that n8n 1.x runs on; this works everywhere.)
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
	return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
