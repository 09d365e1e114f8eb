/**
 * Text cut to at most `maxLength` characters, ending in "..." when cut: what the user gave, or
 * what a server sent, is quoted in a message without flooding it.
 */
export function truncated(text: string, maxLength: number): string {
	return text.length > maxLength ? `${text.slice(0, maxLength - 3)}...` : text;
}
