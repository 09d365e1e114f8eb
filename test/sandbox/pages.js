'use strict';

// HTML that a client may get instead of JSON: the login page (wrong base URL), Laravel's
// redirect page (bad key without Accept: application/json) and a proxy's 5xx page.

const { STATUS_CODES } = require('node:http');

function escapeHtml(text) {
	return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(baseUrl) {
	return `<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="csrf-token" content="sandboxcsrftoken0000000000000000000000000">
    <title>Login - phpRank</title>
    <link href="${escapeHtml(baseUrl)}/css/app.css" rel="stylesheet">
</head>
<body class="d-flex flex-column">
    <main class="flex-grow-1">
        <div class="container py-6">
            <h1 class="h2 mb-3 font-weight-bold">Login</h1>
            <form method="POST" action="${escapeHtml(baseUrl)}/login">
                <input type="hidden" name="_token" value="sandboxcsrftoken0000000000000000000000000">
                <label for="i-email">Email address</label>
                <input id="i-email" type="text" name="email" autofocus>
                <label for="i-password">Password</label>
                <input id="i-password" type="password" name="password">
                <button type="submit">Login</button>
            </form>
        </div>
    </main>
</body>
</html>
`;
}

/** Symfony's RedirectResponse body. */
function redirectPage(target) {
	const url = escapeHtml(target);
	return `<!DOCTYPE html>
<html>
    <head>
        <meta charset="UTF-8" />
        <meta http-equiv="refresh" content="0;url='${url}'" />

        <title>Redirecting to ${url}</title>
    </head>
    <body>
        Redirecting to <a href="${url}">${url}</a>.
    </body>
</html>`;
}

/** What nginx in front of PHP-FPM answers when the app is unreachable. */
function proxyErrorPage(status) {
	const title = `${status} ${STATUS_CODES[status] || 'Error'}`;
	return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

module.exports = { loginPage, redirectPage, proxyErrorPage };
