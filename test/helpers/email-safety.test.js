// The email-safety check (email-safety.js) passes an email made of tables and inline styles, and
// names each thing Gmail, Outlook or Apple Mail would drop or block.
const { emailSafetyProblems, attribute } = require('./email-safety');

const SAFE = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px">
<tr><td height="87" bgcolor="#2da44e" style="height:87px;background-color:#2da44e;font-size:0">&nbsp;</td></tr>
<tr><td style="font-size:12px">87</td></tr><tr><td><img src="cid:logo" alt="" width="20" height="20"></td></tr>
<tr><td>The text may say data: or class= or <b>onload</b> words.</td></tr></table></body></html>`;

/** One tag of SAFE's first cell replaced by `broken`, so each case changes one thing. */
const withCell = (broken) => SAFE.replace('<td style="font-size:12px">87</td>', broken);

describe('emailSafetyProblems', () => {
	test('an email of tables with inline styles, a cid: image and plain text passes', () => {
		expect(emailSafetyProblems(SAFE)).toEqual([]);
	});

	test.each([
		[
			'<svg>',
			'<td><svg width="10" height="10"><rect width="10" height="10"/></svg></td>',
			'<svg> (1)',
		],
		['<style>', '<td><style>td{color:red}</style>87</td>', '<style> (1)'],
		['<script>', '<td><script>alert(1)</script></td>', '<script> (1)'],
		[
			'a stylesheet',
			'<td><link rel="stylesheet" href="https://cdn.example/a.css"></td>',
			'<link> (1)',
		],
		['an iframe', '<td><iframe src="https://example.com"></iframe></td>', '<iframe> (1)'],
		[
			'a data: image',
			'<td><img src="data:image/png;base64,AAAA"></td>',
			[
				'a data: URI in <img src="data:image/png;base64,AAAA">',
				'an image that is not a cid: attachment: <img src="data:image/png;base64,AAAA">',
			],
		],
		[
			'an image of another server',
			'<td><img src="https://quickchart.io/chart?c=x"></td>',
			'an image that is not a cid: attachment: <img src="https://quickchart.io/chart?c=x">',
		],
		['a class', '<td class="bar">87</td>', 'a class attribute in <td class="bar">'],
		['an event handler', '<td onclick="x()">87</td>', 'an event handler in <td onclick="x()">'],
		[
			'a javascript: link',
			'<td><a href="javascript:void(0)">x</a></td>',
			'a javascript: URL in <a href="javascript:void(0)">',
		],
		[
			'a CSS background image',
			'<td style="background:url(https://example.com/bar.png)">87</td>',
			'a CSS url() (an image fetched from elsewhere) in <td style="background:url(https://example.com/bar.png)">',
		],
		[
			'CSS position',
			'<td style="position:absolute;top:0">87</td>',
			'CSS position (Gmail and Outlook drop it) in <td style="position:absolute;top:0">',
		],
		[
			'a flex layout',
			"<td style='display: flex'>87</td>",
			"CSS flex or grid layout (Outlook ignores it) in <td style='display: flex'>",
		],
		[
			'a background attribute',
			'<td background="https://example.com/b.png">87</td>',
			'a background image in <td background="https://example.com/b.png">',
		],
	])('names %s', (what, cell, problem) => {
		expect(emailSafetyProblems(withCell(cell))).toEqual([problem].flat());
	});

	test('an email without a table, or no HTML at all, fails', () => {
		expect(emailSafetyProblems('<div style="color:red">87</div>')).toEqual([
			'no <table>: the layout of an email is made of tables',
		]);
		expect(emailSafetyProblems('')).toEqual(['the HTML is empty']);
		expect(emailSafetyProblems(undefined)).toEqual(['the HTML is empty']);
	});

	test('attribute reads double, single and unquoted values', () => {
		expect(attribute('<td height="87" bgcolor=#fff style=\'a:b\'>', 'height')).toBe('87');
		expect(attribute('<td height="87" bgcolor=#fff style=\'a:b\'>', 'bgcolor')).toBe('#fff');
		expect(attribute('<td height="87" bgcolor=#fff style=\'a:b\'>', 'style')).toBe('a:b');
		expect(attribute('<td height="87">', 'width')).toBeUndefined();
	});
});
