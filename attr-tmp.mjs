import fs from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const file = process.argv[2];
const code = fs.readFileSync(file, 'utf8');
const map = JSON.parse(fs.readFileSync(file + '.map', 'utf8'));
const c = new SourceMapConsumer(map);
const lines = code.split('\n');
const bytes = new Map();
let last = null;
// attribute each generated char to the source of the nearest preceding mapping
const mappings = [];
c.eachMapping(m => mappings.push(m));
mappings.sort((a,b)=> a.generatedLine-b.generatedLine || a.generatedColumn-b.generatedColumn);
for (let i=0;i<mappings.length;i++){
  const m=mappings[i], n=mappings[i+1];
  let len;
  if (n && n.generatedLine===m.generatedLine) len=n.generatedColumn-m.generatedColumn;
  else len=lines[m.generatedLine-1].length-m.generatedColumn;
  const src=(m.source||'?').replace(/.*node_modules\//,'nm:').replace(/.*\/work\/main\//,'');
  const key=src.startsWith('nm:')? src.split('/').slice(0, src.startsWith('nm:@')?2:1).join('/') : src;
  bytes.set(key,(bytes.get(key)||0)+len);
}
const tot=code.length;
console.log('total',tot);
[...bytes].sort((a,b)=>b[1]-a[1]).slice(0,40).forEach(([k,v])=>console.log(String(v).padStart(8),(100*v/tot).toFixed(1).padStart(5)+'%',k));
