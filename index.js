// n8n loads the node and the credential through the "n8n" block of package.json; this entry point
// only lets code require the built classes directly.
module.exports = {
	PhpRank: require('./dist/nodes/PhpRank/PhpRank.node.js').PhpRank,
	PhpRankApi: require('./dist/credentials/PhpRankApi.credentials.js').PhpRankApi,
};
