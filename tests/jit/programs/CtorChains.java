// Constructors whose whole code calls an empty superclass constructor,
// chains of them up to five deep, and ones that do more (a field store, an
// argument, a constructor with a body in the middle of the chain): the JIT
// drops a chain of empty constructors at the call (NULLIFY,
// jit_invoke.c: empty_ticks) but must still run every other one; boxing
// (Long, Integer: Number.<init>) in a loop with collections in between.
// jitopts: -Xmx4m
class ChainA { }
class ChainB extends ChainA { }
class ChainC extends ChainB { }
class ChainD extends ChainC { }                     // D -> C -> B -> A -> Object
class ChainE extends ChainD { }                     // six deep: past the limit
class Counted extends ChainB { static int made; Counted() { made++; } }
class AfterCounted extends Counted { }              // calls a non-empty one
class WithField extends ChainC { int v = 7; }
class WithArg extends ChainB { final long w; WithArg(long w) { this.w = w; } }

public class CtorChains {
    public static void main(String[] args) {
        long s = 0;
        for (int i = 0; i < 200000; i++) {
            Object o;
            switch (i % 7) {
                case 0: o = new ChainD(); break;
                case 1: o = new ChainE(); break;
                case 2: o = new AfterCounted(); break;
                case 3: o = new WithField(); s += ((WithField) o).v; break;
                case 4: o = new WithArg(i); s += ((WithArg) o).w; break;
                case 5: o = Long.valueOf(i * 1000L); s += (Long) o; break;
                default: o = Integer.valueOf(i); s += (Integer) o; break;
            }
            s += o.getClass().getName().length();
        }
        System.out.println(s + " " + Counted.made);
    }
}
