// Inner (non-static) classes: access to outer fields and methods, Outer.this, inner of inner, outer.new.
public class InnerClasses {
    private int counter = 100;
    private String tag = "outer";

    class Inner {
        int local = 5;
        int bump() { counter += local; return counter; }
        class Deeper {
            String describe() { return tag + "/" + local + "/" + counter + "/" + InnerClasses.this.tag; }
        }
    }
    class Shadow {
        String tag = "shadow";
        String both() { return tag + "+" + InnerClasses.this.tag; }
    }
    private int secret() { return counter * 2; }
    class Caller {
        int call() { return secret(); }
    }
    static int sum(InnerClasses o) {
        InnerClasses.Inner in = o.new Inner();
        return in.bump() + in.bump();
    }

    public static void main(String[] args) {
        InnerClasses o = new InnerClasses();
        Inner a = o.new Inner();
        System.out.println(a.bump());
        Inner.Deeper d = a.new Deeper();
        System.out.println(d.describe());
        System.out.println(o.new Shadow().both());
        System.out.println(o.new Caller().call());
        InnerClasses other = new InnerClasses();
        other.tag = "other";
        System.out.println(sum(other) + " " + other.counter + " " + o.counter);
        System.out.println(other.new Inner().new Deeper().describe());
    }
}
