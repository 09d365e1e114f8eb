'use strict';

/**
 * The email a run sent: the mailbox's message after the `before` it held, within 15 s; undefined
 * once a failed check says none came (the digest parts, weeklyDigest.js and portfolioDigest.js).
 */
async function nextMail({ mailbox, before, report, name }) {
	try {
		await mailbox.waitForMessages(before + 1, 15000);
		return mailbox.messages[before];
	} catch (error) {
		report.check(`${name}: an email reached the SMTP server`, false, error.message);
		return undefined;
	}
}

module.exports = { nextMail };
