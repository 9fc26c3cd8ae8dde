// getstatic/putstatic through the JIT's virtual stack (COMBINELD): every
// non-long type (boolean, byte, char, short, int, float, references),
// narrowing on the way in and out, statics of classes first touched with
// operands pending on the stack (the class-initialisation check runs
// <clinit>, which prints and changes other statics), statics read and
// written in loops, and a static initialised to a value computed from
// another class's statics.
class Lazy {
    static int touched;
    static final int[] TABLE;
    static int value = 40;
    static {
        System.out.println("Lazy.<clinit> " + StaticFields.counter);
        StaticFields.counter += 100;
        TABLE = new int[] { 3, 1, 4, 1, 5 };
        touched = 1;
    }
}

class Later {
    static String name = "later-" + Lazy.value;
    static { System.out.println("Later.<clinit>"); }
}

public class StaticFields {
    static boolean flag;
    static byte by = -5;
    static char ch = 'z';
    static short sh = -300;
    static int counter;
    static float fl = 1.5f;
    static Object obj;
    static int[] arr = new int[4];

    static int mix(int k) {
        // operands pending when Lazy (then Later) gets initialised
        return k * 3 + Lazy.value + (k & 1) * Lazy.TABLE[k % 5] + Later.name.length();
    }

    public static void main(String[] args) {
        long acc = 0;
        acc += 7 + mix(1);
        acc += mix(2) + mix(3);
        System.out.println("mix " + acc + " " + counter + " " + Lazy.touched);
        for (int i = 0; i < 1000; i++) {
            flag = !flag;
            by += 7;
            ch += 3;
            sh -= 1000;
            counter += flag ? i : -1;
            fl = fl * 1.001f + (flag ? 1 : 0);
            obj = (i % 3 == 0) ? null : (Object) Integer.valueOf(i);
            arr[i & 3] += by;
            acc = acc * 31 + by + ch + sh + (flag ? 1 : 0) + (obj == null ? 0 : 5);
        }
        System.out.println(flag + " " + by + " " + (int) ch + " " + sh + " " + counter + " " + fl + " " + obj
                           + " " + arr[0] + " " + arr[3] + " " + acc);
        Lazy.value = -1;
        System.out.println(mix(4) + " " + Later.name);
    }
}
