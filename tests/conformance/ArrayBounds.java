// ArrayIndexOutOfBoundsException messages and NegativeArraySizeException.
public class ArrayBounds {
    static int idx(int i) { return i; }
    public static void main(String[] args) {
        int[] a = new int[3];
        int[] tries = {-1, 3, 4, Integer.MIN_VALUE, Integer.MAX_VALUE, 2};
        for (int t : tries) {
            try {
                a[idx(t)] = 1;
                System.out.println("store ok " + t);
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("store: " + e.getMessage());
            }
            try {
                System.out.println("load ok " + a[idx(t)]);
            } catch (ArrayIndexOutOfBoundsException e) {
                System.out.println("load: " + e.getMessage());
            }
        }
        Object[] objs = new String[0];
        try {
            System.out.println(objs[0]);
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("empty: " + e.getMessage());
        }
        long[] la = new long[5];
        double[] da = new double[5];
        byte[] ba = new byte[5];
        char[] ca = new char[5];
        try { la[5] = 1; } catch (ArrayIndexOutOfBoundsException e) { System.out.println("long: " + e.getMessage()); }
        try { da[-2] = 1; } catch (ArrayIndexOutOfBoundsException e) { System.out.println("double: " + e.getMessage()); }
        try { ba[10]++; } catch (ArrayIndexOutOfBoundsException e) { System.out.println("byte: " + e.getMessage()); }
        try { ca[7] = 'x'; } catch (IndexOutOfBoundsException e) { System.out.println("char: " + e.getMessage()); }
        int[] sizes = {-1, -100, Integer.MIN_VALUE, 0};
        for (int s : sizes) {
            try {
                int[] x = new int[s];
                System.out.println("allocated " + x.length);
            } catch (NegativeArraySizeException e) {
                System.out.println("negative size: " + e.getMessage());
            }
        }
        try {
            String[] x = new String[idx(-7)];
            System.out.println(x.length);
        } catch (NegativeArraySizeException e) {
            System.out.println("negative object array: " + e.getMessage());
        }
        RuntimeException r = new ArrayIndexOutOfBoundsException(12);
        System.out.println(r.getMessage());
        int caught = 0;
        for (int i = 0; i < 10000; i++) {
            try { a[i % 5] = i; } catch (ArrayIndexOutOfBoundsException e) { caught++; }
        }
        System.out.println("caught " + caught);
    }
}
