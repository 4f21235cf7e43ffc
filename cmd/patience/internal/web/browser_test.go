package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chromium finds a Chromium or Chrome to drive. Outside CI a machine
// without one skips the browser test, saying so; in CI (CI=true) that is a
// failure, as .ci/run installs Debian's chromium.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no Chromium on PATH (chromium, chromium-browser, google-chrome); .ci/run installs Debian's chromium package")
	}
	t.Skip("no Chromium on PATH (chromium, chromium-browser, google-chrome): skipping the browser test; apt-get install chromium to run it")
	return ""
}

// TestBrowser plays the playground in headless Chromium as a person would:
// a move by clicks, undo, a typo in a pile name and its diagnostic with the
// suggestion, the fix and the board back, and the link that carries an
// edited file.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	srv := httptest.NewServer(Handler())
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.WindowSize(1400, 900),
		chromedp.UserDataDir(t.TempDir()))
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	defer cancelAlloc()
	var mu sync.Mutex
	var thrown []string
	bctx, cancelBrowser := chromedp.NewContext(allocCtx, chromedp.WithListener(func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			mu.Lock()
			defer mu.Unlock()
			text := e.ExceptionDetails.Text
			if e.ExceptionDetails.Exception != nil {
				text += " " + e.ExceptionDetails.Exception.Description
			}
			thrown = append(thrown, text)
		}
	}))
	defer cancelBrowser()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range thrown {
			t.Errorf("the page threw: %s", e)
		}
	}()

	do := func(step string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(bctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	// until waits for a JavaScript condition, and on failure says which.
	until := func(step, cond string) {
		t.Helper()
		var err error
		for deadline := time.Now().Add(10 * time.Second); ; {
			err = chromedp.Do(bctx, chromedp.Poll[chromedp.Void](cond, chromedp.WithPollingTimeout(time.Until(deadline))))
			// A navigation replaces the page's JavaScript context under a
			// poll that started before it: poll the new one.
			if err == nil || time.Now().After(deadline) || !(strings.Contains(err.Error(), "Cannot find context") || strings.Contains(err.Error(), "context was destroyed")) {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		if err != nil {
			status, _ := chromedp.Run(bctx, chromedp.Evaluate[string](`document.querySelector("#status").textContent + " | " + document.querySelector("#message").textContent + " | " + document.querySelector("#diagnostics").textContent`))
			t.Fatalf("%s: waiting for %s: %v\npage: %s", step, cond, err, status)
		}
	}
	eval := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(bctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return v
	}
	screenshot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		dir := os.Getenv("PATIENCE_SCREENSHOTS") // a folder to keep them in, to look at
		if dir == "" {
			dir = t.TempDir()
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}
	pile := func(name string) string { return fmt.Sprintf(`.pile[data-name=%q]`, name) }
	left := func(name string) string {
		return `document.querySelector('` + pile(name) + `').getBoundingClientRect().left`
	}
	status := `document.querySelector("#status").textContent`

	start := time.Now()
	do("open Precedence", chromedp.Navigate(srv.URL+"/#game=precedence&seed=29"))
	until("the first board", status+`.includes("Precedence  seed 29") && window.patienceFirstBoardMs > 0`)
	t.Logf("first board %s ms after the navigation started (the page, the wasm and the deal); %s here, polling included", eval(`String(window.patienceFirstBoardMs)`), time.Since(start).Round(time.Millisecond))

	// A move by clicking: the stock deals, then the waste's card to f1.
	do("click the stock", chromedp.Click(chromedp.CSS(pile("stock")+" .card")))
	until("dealt", status+`.includes("moves 1")`)
	card := eval(`document.querySelector('` + pile("waste") + ` .card').dataset.card`)
	do("pick the waste's card", chromedp.Click(chromedp.CSS(pile("waste")+" .card")))
	until("its targets marked", `document.querySelector('`+pile("waste")+` .card.picked') && document.querySelector('`+pile("f1")+`.target')`)
	do("drop it on f1", chromedp.Click(chromedp.CSS(pile("f1")+" .cards")))
	until("played to f1", status+`.includes("moves 2") && [...document.querySelectorAll('`+pile("f1")+` .card')].pop().dataset.card === "`+card+`"`)
	if got := eval(`document.querySelector("#message").textContent`); got != "waste f1" {
		t.Errorf("the message after the move is %q, want %q", got, "waste f1")
	}
	do("undo", chromedp.Click(chromedp.CSS("#undo")))
	until("undone", status+`.includes("moves 1") && document.querySelector('`+pile("waste")+` .card').dataset.card === "`+card+`"`)

	// The same card dragged with the mouse, to f2 this time, and undone.
	center := func(sel string) (float64, float64) {
		t.Helper()
		xy, err := chromedp.Run(bctx, chromedp.Evaluate[[]float64](`(() => { const r = document.querySelector('`+sel+`').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`))
		if err != nil || len(xy) != 2 {
			t.Fatalf("where is %s: %v", sel, err)
		}
		return xy[0], xy[1]
	}
	x0, y0 := center(pile("waste") + " .card")
	x1, y1 := center(pile("f2") + " .cards")
	do("drag the waste's card to f2",
		chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (x0+x1)/2, (y0+y1)/2, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x1, y1, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	until("dragged to f2", status+`.includes("moves 2") && [...document.querySelectorAll('`+pile("f2")+` .card')].pop().dataset.card === "`+card+`" && !document.querySelector(".ghost")`)
	do("undo the drag", chromedp.Click(chromedp.CSS("#undo")))
	until("the drag undone", status+`.includes("moves 1") && document.querySelector('`+pile("waste")+` .card').dataset.card === "`+card+`"`)

	// The same move from the keyboard (cards were not in the tab order):
	// Enter on the waste's card picks it up, Tab goes from pile to pile (f2,
	// empty, is a button itself), and Enter on f1 puts the card there.
	focusOn := func(sel string) {
		t.Helper()
		if got := eval(`(() => { const e = document.querySelector('` + sel + `'); e.focus(); return (document.activeElement === e) + " " + e.getAttribute("role") + " " + e.getAttribute("aria-label"); })()`); !strings.HasPrefix(got, "true button ") {
			t.Fatalf("%s: focused, role, label = %q, want a focusable button with a label", sel, got)
		}
	}
	focusOn(pile("waste") + " .card")
	do("Enter on the waste's card", chromedp.KeyEvent(kb.Enter))
	until("picked from the keyboard", `document.querySelector('`+pile("waste")+` .card.picked') && document.activeElement === document.querySelector('`+pile("waste")+` .card')`)
	focusOn(pile("f1") + " [tabindex]")
	do("Tab", chromedp.KeyEvent(kb.Tab))
	until("the focus on f2, the next pile", `document.activeElement === document.querySelector('`+pile("f2")+` .cards')`)
	screenshot("keyboard.png")
	focusOn(pile("f1") + " [tabindex]")
	do("Enter on f1", chromedp.KeyEvent(kb.Enter))
	until("played to f1 from the keyboard", status+`.includes("moves 2") && [...document.querySelectorAll('`+pile("f1")+` .card')].pop().dataset.card === "`+card+`" && document.querySelector("#board").contains(document.activeElement)`)
	do("undo the keyboard's move", chromedp.Click(chromedp.CSS("#undo")))
	until("the keyboard's move undone", status+`.includes("moves 1")`)

	// A drop where no legal move goes says why, in the engine's words, and
	// changes nothing (the pick was dropped without a word).
	do("pick the waste's card again", chromedp.Click(chromedp.CSS(pile("waste")+" .card")))
	do("drop it on f3", chromedp.Click(chromedp.CSS(pile("f3")+" .cards")))
	until("the refusal said", `document.querySelector("#message").textContent === "f3 may start only after f2 has started" && document.querySelector("#message").classList.contains("error")`)
	if got := eval(status + ` + " | " + !!document.querySelector(".card.picked") + " | " + document.querySelector('` + pile("waste") + ` .card').dataset.card`); !strings.Contains(got, "moves 1") || !strings.HasSuffix(got, " | false | "+card) {
		t.Errorf("after a refused drop, the status, whether a card is picked, the waste's card: %q", got)
	}

	// A typo in a pile name, typed: a backspace at the end of "deal 1 to waste".
	eval(`(() => { const ta = document.querySelector("#source"); const w = "deal 1 to waste";
		const i = ta.value.indexOf(w) + w.length; ta.focus(); ta.setSelectionRange(i, i); return String(i); })()`)
	do("type a backspace", chromedp.KeyEvent(kb.Backspace))
	until("the diagnostic and its suggestion", `document.querySelector("#diagnostics").textContent.includes('precedence.patience:20:15: error: unknown pile or group "wast"; did you mean "waste"?')`)
	until("the board marked stale", `document.querySelector("#board").classList.contains("stale") && !document.querySelector("#stale").hidden`)
	until("the line and the range marked", `document.querySelectorAll("#gutter div.err")[0] && [...document.querySelectorAll("#gutter div.err")].some(d => d.textContent === "20") && [...document.querySelectorAll("#backdrop mark")].some(m => m.textContent === "wast")`)
	// The diagnostic is a button for the keyboard too: Enter selects its range.
	// (A keydown of its own: the protocol's key event sends the character
	// after it whatever the page did with the keydown, as no keyboard does.)
	eval(`(() => { const d = document.querySelector("#diagnostics .diag"); d.focus();
		d.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true })); return ""; })()`)
	until("its range selected", `(() => { const ta = document.querySelector("#source"); return document.activeElement === ta && ta.value.slice(ta.selectionStart, ta.selectionEnd) === "wast"; })()`)
	eval(`(() => { const ta = document.querySelector("#source"); ta.setSelectionRange(ta.selectionEnd, ta.selectionEnd); return ""; })()`)
	until("the link holds the edited file", `location.hash.includes("rules=") && location.hash.includes("seed=29")`)
	link := eval(`location.href`)
	screenshot("typo.png")

	// The fix, typed: the board is back, dealt again for the same seed.
	do("type the e", chromedp.KeyEvent("e"))
	until("the file checks", `document.querySelector("#diagnostics .ok") && !document.querySelector("#board").classList.contains("stale") && document.querySelector("#stale").hidden`)
	until("dealt again", status+`.includes("Precedence  seed 29") && `+status+`.includes("moves 0") && document.querySelectorAll("#board .pile").length === 10`)
	until("the link is the built-in's again", `!location.hash.includes("rules=") && location.hash.includes("game=precedence")`)

	// A seed that cannot be read is refused with a message, and the box
	// shows the seed of the board again (it kept the bad text, which the
	// next check and the link then carried).
	eval(`(() => { const s = document.querySelector("#seed"); s.value = "12x"; s.dispatchEvent(new Event("change")); return ""; })()`)
	until("the bad seed refused", `document.querySelector("#message").textContent.includes('invalid seed "12x"')`)
	if got := eval(`document.querySelector("#seed").value + " | " + location.hash.includes("seed=29")`); got != "29 | true" {
		t.Errorf("after a bad seed the box and the link say %q, want the board's seed 29 in both", got)
	}
	screenshot("fixed.png")

	// The link of the edited file opens it, typo and all.
	do("open the link", chromedp.Navigate("about:blank"), chromedp.Navigate(link), chromedp.WaitReady("#source"))
	until("the edited file from the link", `document.querySelector("#source").value.includes("deal 1 to wast\n") && document.querySelector("#diagnostics").textContent.includes('did you mean "waste"?')`)
	if !strings.Contains(link, "#") {
		t.Errorf("link %q has no fragment", link)
	}

	// Choosing a game from the menu asks before it replaces an edited file
	// (it replaced it unasked); no keeps the file, yes replaces it.
	eval(`(() => { window.confirm = () => false; const g = document.querySelector("#games"); g.value = "klondike"; g.dispatchEvent(new Event("change")); return ""; })()`)
	if got := eval(`document.querySelector("#source").value.includes("deal 1 to wast\n") + " | " + document.querySelector("#games").value`); got != "true | " {
		t.Errorf("after saying no, the file and the menu are %q, want the edited file kept", got)
	}
	eval(`(() => { window.confirm = () => true; const g = document.querySelector("#games"); g.value = "klondike"; g.dispatchEvent(new Event("change")); return ""; })()`)
	until("Klondike after yes", status+`.includes("Klondike  seed")`)
	// A row stays on one line, as the file lays it out: Montana's rows of
	// thirteen (they wrapped, and put m12 under m5).
	eval(`(() => { const g = document.querySelector("#games"); g.value = "montana"; g.dispatchEvent(new Event("change")); return ""; })()`)
	until("Montana", status+`.includes("Montana  seed")`)
	if got := eval(`[...document.querySelectorAll("#board .row")].map(r => new Set([...r.querySelectorAll(".pile")].map(p => p.offsetTop)).size).join(",")`); strings.Trim(got, "1,") != "" {
		t.Errorf("lines per row of Montana: %s, want 1 each", got)
	}
	screenshot("montana.png")
	// In a game of pairs a drop on another card offers the two as a pair,
	// and the engine says why they are not one.
	eval(`(() => { const g = document.querySelector("#games"); g.value = "pyramid"; g.dispatchEvent(new Event("change")); return ""; })()`)
	until("Pyramid", status+`.includes("Pyramid  seed")`)
	if got := eval(`String(` + left("p1") + ` > ` + left("p22") + ` + 50)`); got != "true" {
		t.Errorf("Pyramid's top card is not centred over its bottom row")
	}
	rank := map[byte]int{'A': 1, 'T': 10, 'J': 11, 'Q': 12, 'K': 13}
	value := func(code string) int {
		if v, ok := rank[code[0]]; ok {
			return v
		}
		return int(code[0] - '0')
	}
	bottom := strings.Fields(eval(`[22,23,24,25,26,27,28].map(i => document.querySelector('.pile[data-name="p' + i + '"] .card').dataset.card).join(" ")`))
	a, b := -1, -1
	for i := 0; i < len(bottom) && a < 0; i++ {
		for j := i + 1; j < len(bottom); j++ {
			if value(bottom[i]) != 13 && value(bottom[j]) != 13 && value(bottom[i])+value(bottom[j]) != 13 {
				a, b = i+22, j+22
				break
			}
		}
	}
	if a < 0 {
		t.Fatalf("no two cards of Pyramid's bottom row %v are not a pair", bottom)
	}
	do("pick one", chromedp.Click(chromedp.CSS(pile(fmt.Sprint("p", a))+" .card")))
	do("drop it on another that is no pair", chromedp.Click(chromedp.CSS(pile(fmt.Sprint("p", b))+" .card")))
	until("the pair refused", `document.querySelector("#message").textContent.startsWith("not a pair for d") && `+status+`.includes("moves 0")`)
	// Each pile's whole name is its label's title, for a label cut short.
	if got := eval(`document.querySelector("#board .pile .name").title`); got == "" {
		t.Error("a pile's label has no title")
	}

	// A link naming no game echoes the name cut short, within the pane.
	do("open a link of a long unknown name", chromedp.Navigate(srv.URL+"/#game="+strings.Repeat("a", 3000)+"&seed=1"))
	until("the unknown name said", `document.querySelector("#message").textContent.includes("There is no built-in game")`)
	if got := eval(`(() => { const m = document.querySelector("#message"); const p = document.querySelector("#play-pane"); return m.textContent.length + " " + (p.scrollWidth <= p.clientWidth); })()`); !strings.HasSuffix(got, " true") || len(got) > 8 {
		t.Errorf("the message of a long name (its length, and whether it stays within the pane): %q", got)
	}

	// The rows of a group in rows of N share their left edge (a grid of
	// piles); the rows of a pyramid are centred.
	eval(`(() => { const ta = document.querySelector("#source"); ta.value = "game \"MC\" {\n  tableau m[10] { in rows of 5; holds 1; to d }\n  discard d { pairs same-rank touching }\n  stock { deal 1 to each empty m }\n  deal { 1 to each m; rest to stock }\n  layout { row m[1..5], stock, d; row m[6..10] }\n  win when all cards in d\n}\n"; ta.dispatchEvent(new Event("input")); return ""; })()`)
	until("the rows of MC", status+`.includes("MC  seed")`)
	if got := eval(`"" + (Math.abs(` + left("m1") + ` - ` + left("m6") + `) < 1) + " " + (` + left("m1") + ` > document.querySelector("#board").getBoundingClientRect().left + 20)`); got != "true true" {
		t.Errorf("m1 and m6 in line, and the block centred: %s", got)
	}
	screenshot("grid-rows.png")

	// A squared pile shows its top card only, and a move of the whole pile
	// starts there: clicked, then dropped (it once had no legal move).
	eval(`(() => { const ta = document.querySelector("#source"); ta.value = "game \"Squares\" {\n  suits S\n  tableau t[2] { move whole; build any; to t }\n  reserve junk\n  deal { 2 to each t; rest to junk }\n  layout { row t squared; row junk }\n  win when junk is empty\n}\n"; ta.dispatchEvent(new Event("input")); return ""; })()`)
	until("the squared piles", status+`.includes("Squares") && document.querySelectorAll('`+pile("t1")+` .card').length === 1`)
	do("pick t1's top card", chromedp.Click(chromedp.CSS(pile("t1")+" .card")))
	until("t2 marked", `document.querySelector('`+pile("t1")+` .card.picked') && document.querySelector('`+pile("t2")+`.target')`)
	do("drop it on t2", chromedp.Click(chromedp.CSS(pile("t2")+" .cards")))
	until("the whole pile moved", status+`.includes("moves 1") && document.querySelector("#message").textContent === "t1 t2 2"`)

	// A drag the browser takes back (pointercancel) leaves no ghost and
	// nothing picked, so the next tap is not taken for its drop.
	if got := eval(`(() => { const c = document.querySelector('` + pile("t2") + ` .card'); const r = c.getBoundingClientRect();
		const o = { bubbles: true, clientX: r.left + 5, clientY: r.top + 5, button: 0, pointerId: 1 };
		c.dispatchEvent(new PointerEvent("pointerdown", o));
		document.dispatchEvent(new PointerEvent("pointermove", { ...o, clientX: o.clientX + 40 }));
		const during = !!document.querySelector(".ghost");
		document.dispatchEvent(new PointerEvent("pointercancel", o));
		return [during, !!document.querySelector(".ghost"), !!document.querySelector(".card.picked")].join(" "); })()`); got != "true false false" {
		t.Errorf("a drag, then pointercancel: ghost during, ghost after, a card picked = %s, want true false false", got)
	}

	// A byte-order mark before the text: the checker counts its columns
	// after it, and so must the marks (they once fell one character early,
	// and the suggestion's fix went in one character early too).
	eval(`(() => { const ta = document.querySelector("#source"); ta.value = "\ufeffgame \"Z\" { foundaton f[4] }\n"; ta.dispatchEvent(new Event("input")); return ""; })()`)
	until("the typo marked after a byte-order mark", `[...document.querySelectorAll("#backdrop mark")].some(m => m.textContent === "foundaton")`)
	do("use the suggestion", chromedp.Click(chromedp.CSS("#diagnostics button.fix")))
	until("the suggestion in its place", `document.querySelector("#source").value === "\ufeffgame \"Z\" { foundation f[4] }\n"`)
	// The button goes with its diagnostic; the editor takes the focus, the
	// fixed text selected (the focus fell to the page).
	if got := eval(`(() => { const ta = document.querySelector("#source"); return (document.activeElement === ta) + " " + ta.value.slice(ta.selectionStart, ta.selectionEnd); })()`); got != "true foundation" {
		t.Errorf("after the fix, the focus and the selection: %q", got)
	}

	// Ten thousand `not` in a row: the parser recursed on each and the
	// engine died of a JavaScript stack overflow, the page dead from then
	// on. Now it is a diagnostic, and the page goes on.
	eval(`(() => { const ta = document.querySelector("#source"); ta.value = patience.source("precedence").replace("win when all cards", "win when " + "not ".repeat(10000) + "all cards"); ta.dispatchEvent(new Event("input")); return ""; })()`)
	until("the chain refused", `document.querySelector("#diagnostics").textContent.includes("not`+"`"+` is written more than 64 times in a row")`)
	eval(`(() => { window.confirm = () => true; const g = document.querySelector("#games"); g.value = "klondike"; g.dispatchEvent(new Event("change")); return ""; })()`)
	until("another game loads after it", status+`.includes("Klondike  seed")`)
}
