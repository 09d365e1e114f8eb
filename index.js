// The package's main entry: n8n loads the classes through the "n8n" block of package.json; this
// exports the same ones (the node, the trigger, the credential) for code that requires the package.
module.exports = {
	PhpRank: require('./dist/nodes/PhpRank/PhpRank.node.js').PhpRank,
	PhpRankTrigger: require('./dist/nodes/PhpRank/PhpRankTrigger.node.js').PhpRankTrigger,
	PhpRankApi: require('./dist/credentials/PhpRankApi.credentials.js').PhpRankApi,
};
