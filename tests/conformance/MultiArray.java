// Multi-dimensional arrays: multianewarray, partial dimensions, jagged arrays, arrays of arrays of objects.
public class MultiArray {
    public static void main(String[] args) {
        int[][][] cube = new int[3][4][5];
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 4; b++)
                for (int c = 0; c < 5; c++)
                    cube[a][b][c] = a * 100 + b * 10 + c;
        System.out.println(cube.length + " " + cube[0].length + " " + cube[0][0].length + " " + cube[2][3][4]);
        int[][] partial = new int[4][];
        System.out.println("partial " + (partial[0] == null));
        for (int k = 0; k < 4; k++) partial[k] = new int[k + 1];
        int total = 0;
        for (int[] row : partial) total += row.length;
        System.out.println("jagged total " + total);
        long[][][] part3 = new long[2][3][];
        System.out.println("part3 " + part3[1].length + " " + (part3[1][2] == null));
        String[][] names = {{"a", "b"}, {"c"}, {}};
        for (String[] row : names) {
            StringBuilder sb = new StringBuilder("[");
            for (String s : row) sb.append(s).append(';');
            System.out.println(sb.append(']'));
        }
        double[][] m = new double[3][3];
        for (int k = 0; k < 3; k++) m[k][k] = 1.5;
        double tr = 0;
        for (int k = 0; k < 3; k++) tr += m[k][k];
        System.out.println("trace " + tr);
        char[][] grid = new char[2][3];
        grid[1][2] = 'x';
        System.out.println("grid " + (int) grid[0][0] + " " + grid[1][2]);
        Object[][] objs = new Object[2][2];
        objs[0][1] = "str";
        objs[1][0] = Integer.valueOf(5);
        System.out.println(objs[0][1] + " " + objs[1][0] + " " + objs[1][1]);
        int[][] zero = new int[0][5];
        System.out.println("zero " + zero.length);
        boolean[][][][] deep = new boolean[2][2][2][2];
        deep[1][1][1][1] = true;
        System.out.println("deep " + deep[1][1][1][1] + " " + deep[0][1][1][1]);
        int[][] copy = new int[2][];
        copy[0] = cube[1][2];
        copy[0][0] = -1;
        System.out.println("alias " + cube[1][2][0]);
        try {
            int[][] bad = new int[2][-1];
            System.out.println(bad.length);
        } catch (NegativeArraySizeException e) {
            System.out.println("negative inner dimension caught");
        }
        Object o = new int[2][3];
        System.out.println((o instanceof int[][]) + " " + (o instanceof Object[]) + " " + ((Object[]) o).length);
    }
}
