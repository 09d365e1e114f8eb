// A request the sandbox logged, reduced to what the node controls and the tests assert on:
// method, path, query, the three headers the node sets, and the raw body.
function assertedRequest(request) {
	return {
		method: request.method,
		path: request.path.split('?')[0],
		query: { ...request.query },
		headers: {
			authorization: request.headers.authorization,
			accept: request.headers.accept,
			'content-type': request.headers['content-type'],
		},
		body: request.rawBody,
	};
}

module.exports = { assertedRequest };
