import ICAL from "ical.js";
const text = `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN
BEGIN:VEVENT
UID:abc
DTSTART;TZID=Eastern Standard Time:20260305T090000
DTEND;TZID=Eastern Standard Time:20260305T100000
RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=3
EXDATE;TZID=Eastern Standard Time:20260312T090000
END:VEVENT
BEGIN:VEVENT
UID:abc
RECURRENCE-ID;TZID=Eastern Standard Time:20260319T090000
DTSTART;TZID=Eastern Standard Time:20260319T140000
DTEND;TZID=Eastern Standard Time:20260319T150000
END:VEVENT
END:VCALENDAR`;
const comp = new ICAL.Component(ICAL.parse(text));
console.log(comp.name);
const evs = comp.getAllSubcomponents("vevent");
const master = new ICAL.Event(evs[0]);
master.relateException(evs[1]);
const it = master.iterator();
let n;
while ((n = it.next())) {
  const d = master.getOccurrenceDetails(n);
  console.log(n.toString(), n.timezone, n.zone?.tzid, d.startDate.toString(), d.startDate.timezone, d.endDate.toString());
}
console.log(master.startDate.timezone, master.startDate.zone?.tzid);
try { ICAL.parse("<html>hi</html>"); } catch (e) { console.log("err", e.message); }
try { const c = new ICAL.Component(ICAL.parse("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nRRULE:FREQ=BOGUS\nDTSTART:20260101T000000Z\nEND:VEVENT\nEND:VCALENDAR")); const e=new ICAL.Event(c.getFirstSubcomponent("vevent")); const i=e.iterator(); console.log(i.next()?.toString()); } catch (e) { console.log("err2", e.message); }
