// Collections while many frames entered on the fast call paths are live:
// callees allocate (run with a small -Xmx), references held in the
// callers' locals and operand stacks across the calls must survive.
interface Maker {
    Object make(int i);
}

class Cell {
    Cell next;
    int v;
    byte[] pad;
    Cell(int v, Cell next) { this.v = v; this.next = next; this.pad = new byte[64 + (v & 127)]; }
}

class ArrMaker implements Maker {
    public Object make(int i) { return new int[i % 50 + 1]; }
}

class CellMaker implements Maker {
    public Object make(int i) { return new Cell(i, null); }
}

public class CallsGC {
    static Cell build(int n, Cell acc) {
        if (n == 0) return acc;
        return build(n - 1, new Cell(n, acc));
    }

    static long sum(Cell c) {
        long s = 0;
        for (; c != null; c = c.next) s += c.v + c.pad.length;
        return s;
    }

    static String concat(String a, Object b, String c) { return a + b.hashCode() % 1 + c; }

    static int deepAlloc(int n, Object keep) {
        if (n == 0) return keep.hashCode() == 0 ? 0 : 1;
        byte[] garbage = new byte[1000];
        garbage[n % 1000] = (byte) n;
        int r = deepAlloc(n - 1, new Cell(n, null)) + garbage[n % 1000] * 0;
        return r + (keep instanceof Cell ? ((Cell) keep).v * 0 : 0) + 1;
    }

    static long mix(Maker m, Object a, int i) {
        Object b = m.make(i);
        Object c = m.make(i + 1);
        return (a == null ? 0 : 1) + (b instanceof int[] ? ((int[]) b).length : ((Cell) b).v)
             + (c instanceof int[] ? ((int[]) c).length : ((Cell) c).v);
    }

    public static void main(String[] args) {
        long total = 0;
        for (int round = 0; round < 40; round++) {
            Cell list = build(500, null);
            total += sum(list) + sum(build(300, list));
        }
        System.out.println("lists " + total);
        Maker[] ms = { new ArrMaker(), new CellMaker() };
        long t = 0;
        for (int i = 0; i < 20000; i++) t += mix(ms[i & 1], ms[(i >> 1) & 1].make(i), i);
        System.out.println("mix " + t);
        int d = 0;
        for (int i = 0; i < 30; i++) d += deepAlloc(300, new Cell(i, null));
        System.out.println("deep " + d);
        String s = "";
        for (int i = 0; i < 200; i++) s = concat("x", new Cell(i, null), "y").substring(0, 1) + s.length() % 10;
        System.out.println("str " + s);
    }
}
